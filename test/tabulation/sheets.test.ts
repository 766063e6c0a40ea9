import { describe, expect, it } from 'vitest';
import { GROUP_TYPES } from '../../domain/group-types.js';
import { knownSheets, sheetsByGroupType } from '../../domain/score-sheets/index.js';
import { tabulate } from '../../server/api/tabulation/tabulate.js';

describe('score sheet catalogue', () => {
  it('has a sheet for every kind of group but marching band, whose recaps have not been seen yet', () => {
    const withSheets = GROUP_TYPES.filter(({ key }) => sheetsByGroupType[key]?.length > 0).map(({ name }) => name);
    expect(withSheets).toEqual(['Color Guard', 'Percussion', 'Winds', 'Drum Corps']);
  });

  it.each(knownSheets.map((sheet) => [sheet.name, sheet] as const))(
    '%s is worth 100 points at full marks',
    (_, sheet) => {
      const keys = sheet.categories.flatMap((category) => category.captions.map((caption) => caption.key));
      expect(new Set(keys).size).toBe(keys.length);
      const scores = sheet.categories.flatMap((category) =>
        category.captions.flatMap((caption) =>
          caption.subcaptions.map((line) => ({ captionKey: caption.key, subcaptionKey: line.key, score: line.max })),
        ),
      );
      const [result] = tabulate(sheet, [{ id: 1, performed: true, scores, penalty: 0 }]);
      const expectedMaximum = sheet.categories.length === 2 && sheet.categories[0].combine === 'average' ? 40 : 100;
      expect(result.total.score).toBe(expectedMaximum);
    },
  );
});
