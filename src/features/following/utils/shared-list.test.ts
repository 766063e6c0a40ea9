import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { MAX_SHARED_GROUPS, readGroupList } from './shared-list';

describe('a following link', () => {
  it('carries each group with its circuit id, in order, and reads back the same list', () => {
    const groups = [
      { name: 'Kingwood HS', orgGroupIdentifier: '1204' },
      { name: 'Éclat & Co', orgGroupIdentifier: '' },
      { name: 'Kingwood HS', orgGroupIdentifier: '77' },
    ];
    const href = paths.following.href(groups);
    expect(href).toBe('/following?group=Kingwood+HS&id=1204&group=%C3%89clat+%26+Co&id=&group=Kingwood+HS&id=77');
    expect(readGroupList(new URL(href, 'http://x').searchParams)).toEqual(groups);
  });

  it('drops blanks, repeats, an id before any group and a second id, and stops at the bound', () => {
    const search = new URLSearchParams('id=9&group=%20&group=A&id=1&id=2&group=A&id=1&group=B');
    expect(readGroupList(search)).toEqual([
      { name: 'A', orgGroupIdentifier: '1' },
      { name: 'B', orgGroupIdentifier: '' },
    ]);
    const many = new URLSearchParams(Array.from({ length: 80 }, (_, i) => ['group', `G${i}`]));
    expect(readGroupList(many)).toHaveLength(MAX_SHARED_GROUPS);
    expect(readGroupList(new URLSearchParams({ group: 'x'.repeat(201) }))).toEqual([]);
  });
});
