import { describe, expect, it } from 'vitest';
import { GUID, previewSection } from '../../../test/console-fixtures';
import { recapFromPreview } from './recap-from-preview';

describe('the preview as the recap reads it', () => {
  it('keeps the sheet, numbers and ranks, leaves out what is not scored, and links judges to their season', () => {
    const [section] = recapFromPreview([previewSection()], { seasonId: 3, competitionGuid: GUID });
    expect(section.division).toEqual({ id: 'scholastic-a', name: 'Scholastic A', initials: 'SA' });
    expect(
      section.sheet.categories.map((category) => [category.key, category.printsTotal, category.captions.length]),
    ).toEqual([
      ['ge', false, 1],
      ['ea', true, 2],
    ]);
    expect(section.sheet.categories[1].captions[1].judge).toEqual({
      firstName: 'Cy',
      lastName: 'Park',
      href: `/judges/Cy%20Park?season=3&competition=${GUID}`,
    });
    const [alpha, bravo, charlie] = section.performances;
    expect(alpha.total).toEqual({ score: 48.5, rank: 1 });
    expect(alpha.categories[1].captions.map((caption) => [caption.key, caption.score])).toEqual([
      ['ea1', 17],
      ['ea2', 18],
    ]);
    // Bravo has no Effect and no second Equipment yet: unranked lines are not shown, as v2's rank 0 is not.
    expect(bravo.categories.map((category) => [category.key, category.captions.map((caption) => caption.key)])).toEqual(
      [['ea', ['ea1']]],
    );
    expect(bravo.penalty).toBe(0.5);
    expect(charlie).toMatchObject({ performed: false, noScoreReason: 'Weather', categories: [], penalty: 0 });
    expect(new Set(section.performances.map((performance) => performance.performanceId)).size).toBe(3);
  });

  it('says a group that performed and waits for its judges is not scored yet, not that it did not perform', () => {
    const section = previewSection();
    const charlie = section.performances[2];
    const waiting = { ...charlie, noScoreReason: '' };
    const [asWaiting] = recapFromPreview(
      [{ ...section, performances: [section.performances[0], section.performances[1], waiting] }],
      {
        seasonId: 3,
        competitionGuid: GUID,
        awaitingScores: new Set([charlie.performanceId]),
      },
    );
    expect(asWaiting.performances[2]).toMatchObject({ performed: false, noScoreReason: 'Not scored yet' });
    // without progress naming it, it is what v4 says
    const [asIs] = recapFromPreview([section], { seasonId: 3, competitionGuid: GUID, awaitingScores: new Set() });
    expect(asIs.performances[2]).toMatchObject({ performed: false, noScoreReason: 'Weather' });
  });
});
