import type { CaptionDef, CategoryDef, CombineRule, SubcaptionDef } from '../score-sheet.js';

/** Compact builders for the catalogue: judges' lines are out of 100 on every sheet the recaps show. */

export function line(key: string, name: string, weight: number, max = 100): SubcaptionDef {
  return { key, name, initials: name.slice(0, 4), max, weight };
}

/**
 * The weights of a caption worth `points` whose lines take `shares` percent of it (Equipment 25 points, Voc 35% /
 * Exc 65%: 0.0875 and 0.1625 on lines out of 100), as the sheets state them.
 */
export function shares(points: number, percents: readonly number[]): number[] {
  return percents.map((percent) => (points * percent) / 10_000);
}

export function caption(
  key: string,
  name: string,
  initials: string,
  subcaptions: SubcaptionDef[],
  options: { weighted?: boolean; panel?: string } = {},
): CaptionDef {
  const weights = new Set(subcaptions.map((subcaption) => subcaption.weight));
  return {
    key,
    name,
    initials,
    weighted: options.weighted ?? weights.size > 1,
    subcaptions,
    ...(options.panel === undefined ? {} : { panel: options.panel }),
  };
}

export function category(key: string, name: string, combine: CombineRule, captions: CaptionDef[]): CategoryDef {
  return { key, name, combine, captions };
}
