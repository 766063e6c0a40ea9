/**
 * The set-up page's maximum total (src/features/setup/utils/sheet-model.ts) is the total the API's tabulation gives
 * a performance scored at every line's maximum: checked on every catalogue sheet, as the API answers it.
 */
import { describe, expect, it } from 'vitest';
import { SHEET_CATALOGUE } from '../../domain/score-sheets/catalogue.js';
import { tabulate } from '../../server/api/tabulation/tabulate.js';
import { sheetItem } from '../../server/api/routes/present/sheets.js';
import { sheetFromBody } from '../../server/api/routes/present/sheets.js';
import { sheetMaximum, toSheetInput, newSheet } from '../../src/features/setup/utils/sheet-model.js';
import type { ScoreSheet } from '../../server/api/tabulation/types.js';

function tabulatedMaximum(sheet: ScoreSheet): number {
  const scores = sheet.categories.flatMap((category) =>
    category.captions.flatMap((caption) =>
      caption.subcaptions.map((line) => ({ captionKey: caption.key, subcaptionKey: line.key, score: line.max })),
    ),
  );
  const [result] = tabulate(sheet, [{ id: 1, performed: true, penalty: 0, scores }]);
  return result.total.score;
}

describe("the set-up page's maximum total", () => {
  it.each(SHEET_CATALOGUE.map((entry) => [entry.key, entry.sheet] as const))(
    'is what the tabulation gives %s at every maximum',
    (_key, sheet) => {
      expect(sheetMaximum(sheetItem(sheet))).toBeCloseTo(tabulatedMaximum(sheet), 6);
    },
  );

  it('is what the tabulation gives a sheet built in the page, once stored as the API stores it', () => {
    const draft = newSheet('Built');
    draft.categories[0].name = 'Effect';
    draft.categories[0].combine = 'sum-half';
    draft.categories[0].captions[0].name = 'Effect 1';
    draft.categories[0].captions[0].lines = [
      { id: '1', name: 'Rep', initials: '', max: '20', step: '0.5', weight: '1.5' },
      { id: '2', name: 'Perf', initials: '', max: '10', step: '0.1', weight: '1' },
    ];
    const built = toSheetInput(draft);
    if (!built.ok) throw new Error([...built.errors.values()].join('; '));
    const stored = sheetFromBody(built.sheet);
    expect(tabulatedMaximum(stored)).toBe(20);
    expect(sheetMaximum(built.sheet)).toBe(20);
  });
});
