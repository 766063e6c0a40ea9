import { describe, expect, it } from 'vitest';
import { auditEntry } from '../../../test/console-fixtures';
import { auditRows, describeChanges, filterAudit } from './audit-model';

describe('the audit trail as listed', () => {
  it('says what changed from what to what: numbers, entry state, penalty, performed', () => {
    const before = {
      performed: true,
      scores: [{ captionKey: 'ge1', subcaptionKey: 'rep', score: 15 }],
      penalties: [],
      entries: [{ captionKey: 'ge1', state: 'draft', version: 1 }],
    };
    const after = {
      performed: false,
      noScoreReason: 'Weather',
      scores: [{ captionKey: 'ge1', subcaptionKey: 'rep', score: 16 }],
      penalties: [{ amount: 0.5, reason: 'Time' }],
      entries: [{ captionKey: 'ge1', state: 'submitted', version: 2 }],
    };
    expect(describeChanges(before, after)).toEqual([
      'ge1: rep 15 → rep 16',
      'ge1 entry: draft → submitted',
      'penalty: 0 → 0.5',
      'did not perform (Weather)',
    ]);
    expect(describeChanges(before, before)).toEqual([]);
  });

  it('says a release and a sign-off per division and round', () => {
    const sections = (released: boolean, signedOffAt: string | null) => ({
      sections: [{ round: 1, divisionId: 3, released, signedOffAt }],
    });
    expect(describeChanges(sections(false, null), sections(true, '2026-03-28T17:00:00.000Z'))).toEqual([
      'division 3, round 1: released',
      'division 3, round 1: signed off',
    ]);
    const release = {
      ...auditEntry(1, { entries: [] }),
      action: 'competition.release',
      resource: { type: 'competition', id: '7' },
      before: sections(false, null),
      after: sections(true, null),
    };
    const [row] = auditRows([release], new Map(), new Map([[3, 'Scholastic A']]));
    expect(row).toMatchObject({ divisionId: 3, group: null, changes: ['Scholastic A, round 1: released'] });
  });

  it('lists newest first and filters by division, who wrote and group', () => {
    const entries = [
      auditEntry(101, { entries: [{ captionKey: 'ge1', state: 'submitted', version: 1 }] }, { who: 'Ana Ruiz' }),
      auditEntry(102, { entries: [{ captionKey: 'ea1', state: 'submitted', version: 1 }] }, { who: 'Bo Lee' }),
      auditEntry(
        201,
        { entries: [{ captionKey: 'ge1', state: 'submitted', version: 2 }] },
        { who: 'Tess Tab', reason: 'Sheet misread', divisionId: 4 },
      ),
    ];
    const performances = new Map([
      [101, { group: 'Alpha HS', divisionId: 3 }],
      [102, { group: 'Bravo HS', divisionId: 3 }],
      [201, { group: 'Delta HS', divisionId: 4 }],
    ]);
    const rows = auditRows(entries, performances);
    expect(rows.map((row) => row.group)).toEqual(['Delta HS', 'Bravo HS', 'Alpha HS']);
    expect(rows[0]).toMatchObject({ who: 'Tess Tab', reason: 'Sheet misread', divisionId: 4 });
    expect(filterAudit(rows, { divisionId: 3 }).map((row) => row.group)).toEqual(['Bravo HS', 'Alpha HS']);
    expect(filterAudit(rows, { who: 'Bo Lee' }).map((row) => row.group)).toEqual(['Bravo HS']);
    expect(filterAudit(rows, { group: 'Alpha HS', divisionId: 3 }).map((row) => row.who)).toEqual(['Ana Ruiz']);
    expect(filterAudit(rows, { group: 'Alpha HS', divisionId: 4 })).toEqual([]);
  });
});
