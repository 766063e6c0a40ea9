import { describe, expect, it } from 'vitest';
import { auditEntry } from '../../../test/console-fixtures';
import { actionLabel, auditRows, describeChanges, filterAudit } from './audit-model';

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
      'division 3 round 1: released',
      'division 3 round 1: signed off',
    ]);
    const release = {
      ...auditEntry(1, { entries: [] }),
      action: 'competition.release',
      resource: { type: 'competition', id: '7' },
      before: sections(false, null),
      after: sections(true, null),
    };
    const [row] = auditRows([release], new Map(), new Map([[3, 'Scholastic A']]));
    expect(row).toMatchObject({ divisionId: 3, group: null, changes: ['Scholastic A round 1: released'] });
  });

  it('reads a first sign-off as one change: the section it makes follows its round until released on its own', () => {
    const rounds = [{ number: 1, name: 'Finals', scoresReleased: false }];
    const before = { rounds, sections: [] };
    const after = {
      rounds,
      sections: [{ round: 1, divisionId: 3, released: null, signedOffAt: '2026-03-28T17:00:00.000Z' }],
    };
    expect(describeChanges(before, after, new Map([[3, 'Scholastic A']]))).toEqual(['Scholastic A Finals: signed off']);
    // A round released as a whole before: its section is released, and the sign-off is still the one change.
    const wholeRound = [{ number: 1, name: 'Finals', scoresReleased: true }];
    expect(describeChanges({ ...before, rounds: wholeRound }, { ...after, rounds: wholeRound })).toEqual([
      'division 3 Finals: signed off',
    ]);
    const withdrawn = { rounds, sections: [{ ...after.sections[0], released: false, signedOffAt: null }] };
    expect(describeChanges({ rounds: wholeRound, sections: [] }, withdrawn)).toEqual(['division 3 Finals: withdrawn']);
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

describe("the audit trail's commentary entries", () => {
  const recording = (fields: Record<string, unknown> = {}) => ({
    key: 'k',
    performanceId: 101,
    captionKey: 'ea1',
    recordedPerformanceId: null,
    recordedCaptionKey: null,
    state: 'uploaded',
    current: true,
    contentType: 'audio/webm',
    size: 1000,
    durationMs: 312_000,
    sha256: 'x',
    verified: false,
    cleared: false,
    ...fields,
  });
  const entry = (action: string, before: unknown, after: unknown, type = 'commentary') => ({
    seq: 900,
    at: '2026-03-28T16:00:00.000Z',
    actor: { kind: 'user' as const, id: '5', name: 'Tess Tab' },
    action,
    resource: { type, id: '12' },
    before,
    after,
    reason: 'filed under the wrong group',
    hash: 'h',
    previousHash: 'p',
  });
  const performances = new Map([
    [101, { group: 'Alpha HS', divisionId: 3 }],
    [102, { group: 'Bravo HS', divisionId: 3 }],
  ]);

  it('says an upload, a verification, a move and a clear in words, placed at the performance it is filed under', () => {
    const rows = auditRows(
      [
        entry('commentary.upload', null, recording()),
        { ...entry('commentary.verify', recording(), recording({ verified: true })), seq: 901 },
        {
          ...entry('commentary.move', recording(), recording({ performanceId: 102, recordedPerformanceId: 101 })),
          seq: 902,
        },
        { ...entry('commentary.clear', recording(), recording({ current: false, cleared: true })), seq: 903 },
      ],
      performances,
    );
    expect(rows.map((row) => [actionLabel(row.action), row.group, row.changes])).toEqual([
      ['Commentary cleared', 'Alpha HS', ['cleared']],
      ['Commentary moved', 'Bravo HS', ['moved: performance 101, ea1 → performance 102, ea1']],
      ['Commentary verified or not', 'Alpha HS', ['verified']],
      ['Commentary uploaded', 'Alpha HS', ['ea1: recording heard']],
    ]);
    expect(rows[0].reason).toBe('filed under the wrong group');
  });

  it("says a division and round's commentary release", () => {
    const [row] = auditRows(
      [
        entry(
          'commentary.release',
          { releases: [] },
          { releases: [{ round: 2, divisionId: 3, release: 'now' }] },
          'commentary-release',
        ),
      ],
      performances,
      new Map([[3, 'Scholastic A']]),
    );
    expect(row.changes).toEqual(['Scholastic A, round 2: commentary released by hand']);
  });
});
