import { COMBINE_RULES, ROUNDING_RULES, type ScoreSheet } from '../../tabulation/types.js';
import { toMicros } from '../../tabulation/decimal.js';
import { stepOf } from '../../../../domain/score-sheet.js';
import { RuleViolation } from './errors.js';

/** Scores are stored in thousandths (micros / 1000): a step finer than that could never be written. */
const THOUSANDTH_MICROS = 1000;

/** A sheet's number as the tabulation holds it (micros); one it cannot hold is the sender's mistake, named. */
function micros(field: string, value: number): number {
  try {
    return toMicros(value);
  } catch {
    throw new RuleViolation(field, `${value} has more than six fraction digits`);
  }
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

/**
 * Structural checks on a score sheet before it is stored, so that every sheet stored can be scored: the tabulation
 * relies on keys being unique (category keys and caption keys across the sheet, subcaption keys within a caption),
 * on positive maxima that are a whole number of steps (a judge must be able to reach the maximum), on positive
 * weights, and on known rounding rules and sane digits, scale and divisor. The first problem found is refused,
 * naming its field ("sheet.categories[1].captions[0].subcaptions[2].step").
 */
export function checkSheet(field: string, sheet: ScoreSheet): void {
  if (!sheet || typeof sheet.name !== 'string') throw new RuleViolation(field, 'a score sheet needs a name');
  if (!Array.isArray(sheet.categories) || sheet.categories.length === 0) {
    throw new RuleViolation(`${field}.categories`, 'a score sheet needs at least one category');
  }
  if (sheet.rounding !== undefined && !isOneOf(ROUNDING_RULES, sheet.rounding))
    throw new RuleViolation(`${field}.rounding`, 'unknown rounding rule');
  if (
    sheet.publishedDigits !== undefined &&
    !(Number.isInteger(sheet.publishedDigits) && sheet.publishedDigits >= 2 && sheet.publishedDigits <= 6)
  ) {
    throw new RuleViolation(`${field}.publishedDigits`, 'publishedDigits must be 2 to 6');
  }
  if (sheet.subtotalScale !== undefined && !(Number.isFinite(sheet.subtotalScale) && sheet.subtotalScale > 0)) {
    throw new RuleViolation(`${field}.subtotalScale`, 'subtotalScale must be positive');
  }
  if (sheet.subtotalScale !== undefined) micros(`${field}.subtotalScale`, sheet.subtotalScale);
  if (sheet.totalDivisor !== undefined && !(Number.isInteger(sheet.totalDivisor) && sheet.totalDivisor >= 1)) {
    throw new RuleViolation(`${field}.totalDivisor`, 'totalDivisor must be a positive integer');
  }
  const captionKeys = new Set<string>();
  const categoryKeys = new Set<string>();
  sheet.categories.forEach((category, c) => {
    const at = `${field}.categories[${c}]`;
    if (!category.key || categoryKeys.has(category.key)) {
      throw new RuleViolation(`${at}.key`, `category key "${category.key}" is empty or used twice`);
    }
    categoryKeys.add(category.key);
    if (!isOneOf(COMBINE_RULES, category.combine)) throw new RuleViolation(`${at}.combine`, `unknown combine rule`);
    if (!Array.isArray(category.captions) || category.captions.length === 0) {
      throw new RuleViolation(`${at}.captions`, 'a category needs at least one caption');
    }
    category.captions.forEach((caption, k) => {
      const captionAt = `${at}.captions[${k}]`;
      if (!caption.key || captionKeys.has(caption.key)) {
        throw new RuleViolation(`${captionAt}.key`, `caption key "${caption.key}" is empty or used twice`);
      }
      captionKeys.add(caption.key);
      const lineKeys = new Set<string>();
      if (!Array.isArray(caption.subcaptions) || caption.subcaptions.length === 0) {
        throw new RuleViolation(`${captionAt}.subcaptions`, 'a caption needs at least one subcaption');
      }
      caption.subcaptions.forEach((line, s) => {
        const lineAt = `${captionAt}.subcaptions[${s}]`;
        if (!line.key || lineKeys.has(line.key)) {
          throw new RuleViolation(`${lineAt}.key`, `subcaption key "${line.key}" is empty or used twice`);
        }
        lineKeys.add(line.key);
        if (!(Number.isFinite(line.max) && line.max > 0))
          throw new RuleViolation(`${lineAt}.max`, 'max must be above 0');
        const step = stepOf(line);
        const stepMicros = Number.isFinite(step) && step > 0 ? micros(`${lineAt}.step`, step) : 0;
        if (stepMicros <= 0 || stepMicros % THOUSANDTH_MICROS !== 0) {
          throw new RuleViolation(`${lineAt}.step`, 'step must be above 0, in whole thousandths');
        }
        if (micros(`${lineAt}.max`, line.max) % stepMicros !== 0) {
          throw new RuleViolation(`${lineAt}.step`, `step ${step} does not divide max ${line.max}`);
        }
        if (!(Number.isFinite(line.weight) && line.weight > 0)) {
          throw new RuleViolation(`${lineAt}.weight`, 'weight must be positive');
        }
        micros(`${lineAt}.weight`, line.weight);
      });
    });
  });
  if (sheet.layout) checkLayout(`${field}.layout`, sheet);
}

/** The published layout names the sheet's own categories and one-line captions. */
function checkLayout(field: string, sheet: ScoreSheet): void {
  const { categoryTotals, untotalled } = sheet.layout!;
  if (categoryTotals && categoryTotals.length !== sheet.categories.length)
    throw new RuleViolation(
      `${field}.categoryTotals`,
      `names ${categoryTotals.length} categories; the sheet has ${sheet.categories.length}`,
    );
  const captions = new Map(
    sheet.categories.flatMap((category) => category.captions).map((caption) => [caption.key, caption]),
  );
  untotalled?.forEach((key, index) => {
    const caption = captions.get(key);
    if (!caption) throw new RuleViolation(`${field}.untotalled[${index}]`, `no caption of the sheet has key "${key}"`);
    if (caption.subcaptions.length !== 1)
      throw new RuleViolation(
        `${field}.untotalled[${index}]`,
        `caption "${key}" has ${caption.subcaptions.length} lines; only a one-line caption prints without its total`,
      );
  });
}
