import { describe, expect, it } from 'vitest';
import type { RecapCorrection } from '../../../lib/api-models';
import { makeSummary, makeV2Records, SEASON_ID } from '../../../test/factories';
import { recapFromV2 } from './recap-from-v2';
import { withCorrections } from './recap-corrections';

const context = { seasonId: SEASON_ID, competitionGuid: makeSummary().competition.guid, groups: makeSummary().groups };
const sections = () => [
  ...recapFromV2(makeV2Records(), context),
  ...recapFromV2(makeV2Records({ name: 'Scholastic Open', initials: 'SO' }), context),
];

const where = { division: { name: 'Scholastic A' }, round: { number: 1, name: 'Finals' } };
const AT = '2026-03-28T21:05:00.000Z';

describe('corrections after release on the recap', () => {
  it("marks a corrected caption's total, its changed line, its category and the Total, and notes it under its section", () => {
    const corrections: RecapCorrection[] = [
      {
        ...where,
        group: { name: 'Alpha' },
        // the second of the two "Equipment Analysis" captions: Bo Kim's
        change: {
          kind: 'caption',
          category: 'Equipment Analysis',
          caption: 'Equipment Analysis',
          occurrence: 2,
          lines: [{ name: 'Vocabulary', before: 16.5, after: 17 }],
        },
        at: AT,
        reason: 'Judge misread the sheet',
      },
      {
        ...where,
        group: { name: 'Bravo' },
        change: { kind: 'penalty', before: 0, after: 0.3 },
        at: AT,
        reason: 'Timing',
      },
    ];
    const [scholasticA, open] = withCorrections(sections(), corrections);
    expect(scholasticA.corrections).toEqual([
      {
        id: 'correction-scholastic-a-1-1',
        number: 1,
        group: 'Alpha',
        what: 'Equipment Analysis (Bo Kim)',
        changes: [{ line: 'Vocabulary', before: '16.5', after: '17' }],
        at: AT,
        reason: 'Judge misread the sheet',
      },
      {
        id: 'correction-scholastic-a-1-2',
        number: 2,
        group: 'Bravo',
        what: 'Penalty',
        changes: [{ line: null, before: '0', after: '0.3' }],
        at: AT,
        reason: 'Timing',
      },
    ]);
    const [alpha, bravo, charlie] = scholasticA.performances;
    expect([...alpha.corrected!.keys()]).toEqual([
      'cap:equipment-analysis/equipment-analysis-2',
      'sub:equipment-analysis/equipment-analysis-2:vocabulary',
      'cat:equipment-analysis',
      'total',
    ]);
    expect(alpha.corrected!.get('total')!.map((note) => note.number)).toEqual([1]);
    expect([...bravo.corrected!.keys()]).toEqual(['penalty', 'total']);
    expect(charlie.corrected).toBeUndefined();
    // another division's section of the same round is left as it was
    expect(open.corrections).toBeUndefined();
  });

  it('leaves the sections as they were where there is no correction (the hosted service publishes none)', () => {
    const before = sections();
    expect(withCorrections(before, [])).toBe(before);
  });

  it("notes a correction of a performance since removed, and one of whether a group performed, on the group's Total", () => {
    const [section] = withCorrections(sections(), [
      { ...where, group: null, change: { kind: 'penalty', before: 1, after: 0 }, at: AT, reason: 'Entered twice' },
      {
        ...where,
        group: { name: 'Charlie' },
        change: { kind: 'performed', before: true, after: false },
        at: AT,
        reason: 'Withdrew before the show',
      },
    ]);
    expect(section.corrections!.map(({ group, what, changes }) => [group, what, changes])).toEqual([
      [null, 'Penalty', [{ line: null, before: '1', after: '0' }]],
      ['Charlie', 'Performed', [{ line: null, before: 'performed', after: 'did not perform' }]],
    ]);
    expect([...section.performances[2].corrected!.keys()]).toEqual(['total']);
  });
});
