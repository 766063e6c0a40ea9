import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GROUP_TYPE,
  GROUP_TYPE_IDS_DESCRIPTION,
  GROUP_TYPES,
  groupTypeName,
  isGroupTypeId,
} from '../../domain/group-types.js';

describe('group types', () => {
  it('are the rows the first migration seeds (migrations are history and cannot import the domain)', () => {
    const sql = readFileSync(new URL('../../server/api/db/migrations/0001_init.sql', import.meta.url), 'utf8');
    const seed = /INSERT INTO group_types \(id, name\) VALUES (.*);/.exec(sql)?.[1];
    const rows = [...(seed ?? '').matchAll(/\((\d+), '([^']+)'\)/g)].map(([, id, name]) => ({ id: Number(id), name }));
    expect(rows).toEqual(GROUP_TYPES.map(({ id, name }) => ({ id, name })));
  });

  it('are named by id, and an unknown id has no name', () => {
    expect(GROUP_TYPE.marchingBand).toBe(4);
    expect(groupTypeName(5)).toBe('Drum Corps');
    expect(groupTypeName(6)).toBeUndefined();
    expect([0, 1, 5, 6, 1.5].map(isGroupTypeId)).toEqual([false, true, true, false, false]);
    expect(GROUP_TYPE_IDS_DESCRIPTION).toBe('1 Color Guard, 2 Percussion, 3 Winds, 4 Marching Band, 5 Drum Corps');
  });
});
