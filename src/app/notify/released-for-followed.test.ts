import { describe, expect, it } from 'vitest';
import type { PerformanceRecord } from '../../lib/api-models';
import { releasedForFollowed } from './released-for-followed';

const GUID = '0b5d6f1e-3c2a-4e8b-9f10-6a7b8c9d0e1f';
const record = (GroupName: string, OrgGroupIdentifier: string, Round = '1') =>
  ({
    GroupName,
    OrgGroupIdentifier,
    Round,
    DivisionName: 'Scholastic World',
    TotalScore: '81.250',
    Rank: 1,
  }) as PerformanceRecord;
const alpha = { name: 'Alpha HS', orgGroupIdentifier: 'A1', notify: true };
const bravo = { name: 'Bravo HS', orgGroupIdentifier: 'B1', notify: false };

describe('releasedForFollowed', () => {
  it('tells of each opted-in group once per round, and not of what was out before listening began', () => {
    const seen = new Set<string>();
    expect(releasedForFollowed(GUID, [record('Alpha HS', 'A1')], [alpha, bravo], seen, false)).toEqual([]);
    expect(releasedForFollowed(GUID, [record('Alpha HS', 'A1')], [alpha, bravo], seen)).toEqual([]);
    const finals = releasedForFollowed(
      GUID,
      [record('Alpha HS', 'A1'), record('Alpha HS', 'A1', '2'), record('Bravo HS', 'B1', '2')],
      [alpha, bravo],
      seen,
    );
    expect(finals.map((result) => [result.group.name, result.record.Round])).toEqual([['Alpha HS', '2']]);
  });

  it('matches a group by name and identifier both', () => {
    expect(
      releasedForFollowed(GUID, [record('Alpha HS', 'OTHER'), record('Alpha Two HS', 'A1')], [alpha], new Set()),
    ).toEqual([]);
  });
});
