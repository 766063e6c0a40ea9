import { describe, expect, it } from 'vitest';
import type { SectionProgress } from '../api/get-panel';
import { captionLabels, planCopy } from './panel-copy';

function section(
  divisionId: number,
  round: number,
  captions: [string, { firstName: string; lastName: string; userId: number | null } | null][],
): SectionProgress {
  return {
    round: { number: round, name: round === 1 ? 'Prelims' : 'Finals' },
    division: { id: divisionId, name: `Division ${divisionId}` },
    performances: 3,
    performed: 3,
    captions: captions.map(([captionKey, judge]) => ({
      captionKey,
      captionName: captionKey.toUpperCase(),
      judge,
      entered: 0,
      submitted: 0,
      missing: [],
    })),
    penalties: [],
    signOff: null,
    released: false,
    corrections: 0,
    readyToRelease: false,
  };
}

describe('captionLabels', () => {
  it('numbers the judges of a doubled panel, leaving single captions as named', () => {
    const labels = captionLabels([
      { captionKey: 'ge1', captionName: 'General Effect' },
      { captionKey: 'music', captionName: 'Music' },
      { captionKey: 'ge2', captionName: 'General Effect' },
    ]);
    expect([...labels.values()]).toEqual(['General Effect (judge 1)', 'Music', 'General Effect (judge 2)']);
  });
});

describe('planCopy', () => {
  it('seats the source’s judges on the target’s captions of the same key, keeping the judge user', () => {
    const ann = { firstName: 'Ann', lastName: 'Lee', userId: 7 };
    const paper = { firstName: 'Bo', lastName: 'Paper', userId: null };
    const source = section(1, 1, [
      ['ge1', ann],
      ['music', paper],
      ['visual', null],
      ['percussion', { firstName: 'Cy', lastName: 'Drum', userId: 9 }],
    ]);
    const target = section(1, 2, [
      ['ge1', null],
      ['music', { firstName: 'Old', lastName: 'Judge', userId: 3 }],
      ['visual', { firstName: 'Kept', lastName: 'Seat', userId: null }],
      ['guard', null],
    ]);
    const plan = planCopy(source, target);
    expect(plan.seats).toEqual([
      {
        captionName: 'GE1',
        seat: { round: 2, divisionId: 1, captionKey: 'ge1', userId: 7, firstName: 'Ann', lastName: 'Lee' },
      },
      {
        captionName: 'MUSIC',
        seat: { round: 2, divisionId: 1, captionKey: 'music', firstName: 'Bo', lastName: 'Paper' },
      },
    ]);
    expect(plan.untouched).toEqual(['VISUAL', 'GUARD']);
    expect(plan.notOnTarget).toEqual(['PERCUSSION']);
  });

  it('copies nothing from an empty panel', () => {
    const plan = planCopy(section(2, 1, [['ge1', null]]), section(1, 1, [['ge1', null]]));
    expect(plan.seats).toEqual([]);
    expect(plan.untouched).toEqual(['GE1']);
  });
});
