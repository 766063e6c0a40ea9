import type { ScoreSheet } from '../../tabulation/types.js';
import { RuleViolation } from './errors.js';

const COMBINE_RULES = new Set(['average', 'sum', 'sum-half']);

/**
 * Structural checks on a score sheet before it is stored: the tabulation relies on keys being unique (caption keys
 * across the sheet, subcaption keys within a caption) and on positive maxima and finite weights.
 */
export function checkSheet(field: string, sheet: ScoreSheet): void {
  if (!sheet || typeof sheet.name !== 'string' || !Array.isArray(sheet.categories) || sheet.categories.length === 0) {
    throw new RuleViolation(field, 'a score sheet needs a name and at least one category');
  }
  const captionKeys = new Set<string>();
  sheet.categories.forEach((category, c) => {
    const at = `${field}.categories[${c}]`;
    if (!COMBINE_RULES.has(category.combine)) throw new RuleViolation(`${at}.combine`, `unknown combine rule`);
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
        if (!(Number.isFinite(line.max) && line.max > 0)) throw new RuleViolation(`${lineAt}.max`, 'max must be positive');
        if (!(Number.isFinite(line.weight) && line.weight > 0)) {
          throw new RuleViolation(`${lineAt}.weight`, 'weight must be positive');
        }
      });
    });
  });
}
