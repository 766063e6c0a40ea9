import type { CaptionDef, CategoryDef, CombineRule, SubcaptionDef } from '../types.js';

/** Compact builders for the catalogue: judges' lines are out of 100 on every sheet the recaps show. */

export function line(key: string, name: string, weight: number, max = 100): SubcaptionDef {
  return { key, name, initials: name.slice(0, 4), max, weight };
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
