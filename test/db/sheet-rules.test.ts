import { describe, expect, it } from 'vitest';
import { checkSheet } from '../../server/api/db/repositories/sheet-rules.js';
import { RuleViolation } from '../../server/api/db/repositories/errors.js';
import { SheetCategory } from '../../server/api/routes/schemas/sheet.js';
import { colorGuardSheet } from '../../domain/score-sheets/index.js';
import { COMBINE_RULES, ROUNDING_RULES, type ScoreSheet } from '../../server/api/tabulation/types.js';

/** The combine and rounding rules are one list each: the sheet check and the API's schema take exactly those. */
const withCombine = (combine: string): ScoreSheet => ({
  ...colorGuardSheet,
  categories: colorGuardSheet.categories.map((category) => ({ ...category, combine: combine as never })),
});

describe('score sheet rules', () => {
  it('accepts every combine rule and refuses any other, naming the field', () => {
    for (const rule of COMBINE_RULES) expect(() => checkSheet('sheet', withCombine(rule)), rule).not.toThrow();
    expect(() => checkSheet('sheet', withCombine('median'))).toThrow(RuleViolation);
    expect(() => checkSheet('sheet', withCombine('median'))).toThrow(
      expect.objectContaining({ field: 'sheet.categories[0].combine' }),
    );
  });

  it('accepts every rounding rule and refuses any other', () => {
    for (const rounding of ROUNDING_RULES)
      expect(() => checkSheet('sheet', { ...colorGuardSheet, rounding }), rounding).not.toThrow();
    expect(() => checkSheet('sheet', { ...colorGuardSheet, rounding: 'carry-sideways' as never })).toThrow(
      expect.objectContaining({ field: 'sheet.rounding' }),
    );
  });

  it("serves exactly the combine rules the tabulation knows in the API's schema", () => {
    const category = { key: 'ge', name: 'General Effect', captions: [] };
    for (const rule of COMBINE_RULES)
      expect(SheetCategory.safeParse({ ...category, combine: rule }).success, rule).toBe(true);
    expect(SheetCategory.safeParse({ ...category, combine: 'median' }).success).toBe(false);
  });
});
