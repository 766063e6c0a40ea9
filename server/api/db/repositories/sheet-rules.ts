import { COMBINE_RULES, ROUNDING_RULES, type ScoreSheet } from '../../tabulation/types.js';
import { RuleViolation } from './errors.js';

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

/**
 * Structural checks on a score sheet before it is stored: the tabulation relies on keys being unique (caption keys
 * across the sheet, subcaption keys within a caption), on positive maxima and finite weights, and on known rounding
 * rules and sane digits, scale and divisor.
 */
export function checkSheet(field: string, sheet: ScoreSheet): void {
  if (!sheet || typeof sheet.name !== 'string' || !Array.isArray(sheet.categories) || sheet.categories.length === 0) {
    throw new RuleViolation(field, 'a score sheet needs a name and at least one category');
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
  if (sheet.totalDivisor !== undefined && !(Number.isInteger(sheet.totalDivisor) && sheet.totalDivisor >= 1)) {
    throw new RuleViolation(`${field}.totalDivisor`, 'totalDivisor must be a positive integer');
  }
  const captionKeys = new Set<string>();
  sheet.categories.forEach((category, c) => {
    const at = `${field}.categories[${c}]`;
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
          throw new RuleViolation(`${lineAt}.max`, 'max must be positive');
        if (!(Number.isFinite(line.weight) && line.weight > 0)) {
          throw new RuleViolation(`${lineAt}.weight`, 'weight must be positive');
        }
      });
    });
  });
}
