import type { CategoryDef, ScoreSheet } from '../score-sheet.js';
import { caption, category, line, shares } from './build.js';

/**
 * Color guard (WGI-style) sheets as the Texas, Florida and California circuits' recaps show them: Equipment and
 * Movement analysis with weighted Vocabulary/Excellence, Design Analysis, and two General Effect judges summed.
 * Weights are the ones every row of the recaps reproduces.
 */

/** Equipment 20 (Voc 7 / Exc 13), Movement 20, Design 20, General Effect 2 x 20: the common 100-point sheet. */
export const colorGuardSheet: ScoreSheet = {
  name: 'Color Guard',
  categories: [
    category('equipment', 'Equipment Analysis', 'sum', [
      caption('ea', 'Equipment Analysis', 'EA', [line('voc', 'Voc', 0.07), line('exc', 'Exc', 0.13)]),
    ]),
    category('movement', 'Movement Analysis', 'sum', [
      caption('ma', 'Movement Analysis', 'MA', [line('voc', 'Voc', 0.07), line('exc', 'Exc', 0.13)]),
    ]),
    category('design', 'Design Analysis', 'sum', [
      caption('da', 'Design Analysis', 'DA', [line('comp', 'Comp', 0.1), line('exc', 'Exc', 0.1)]),
    ]),
    category('general-effect', 'General Effect', 'sum', [
      caption('ge1', 'General Effect', 'GE1', [line('rep', 'Rep', 0.1), line('perf', 'Perf', 0.1)]),
      caption('ge2', 'General Effect', 'GE2', [line('rep', 'Rep', 0.1), line('perf', 'Perf', 0.1)]),
    ]),
  ],
};

/** The same sheet with Vocabulary 6 / Excellence 14 (Texas 2024-2026 scholastic classes). */
export const colorGuardSheetExcellence14: ScoreSheet = {
  name: 'Color Guard (Excellence 14)',
  categories: colorGuardSheet.categories.map((entry) =>
    entry.key === 'equipment' || entry.key === 'movement'
      ? {
          ...entry,
          captions: entry.captions.map((sheet) => ({
            ...sheet,
            subcaptions: [line('voc', 'Voc', 0.06), line('exc', 'Exc', 0.14)],
          })),
        }
      : entry,
  ),
};

/** One judge per caption, each caption out of 25 (WGASC scholastic A classes). */
export const colorGuardSheetSingleGe: ScoreSheet = {
  name: 'Color Guard (single General Effect judge)',
  categories: [
    category('equipment', 'Equipment Analysis', 'sum', [
      caption('ea', 'Equipment Analysis', 'EA', [line('voc', 'Voc', 0.075), line('exc', 'Exc', 0.175)]),
    ]),
    category('movement', 'Movement', 'sum', [
      caption('mv', 'Movement', 'MV', [line('voc', 'Voc', 0.075), line('exc', 'Exc', 0.175)]),
    ]),
    category('design', 'Design Analysis', 'sum', [
      caption('da', 'Design Analysis', 'DA', [line('comp', 'Comp', 0.125), line('exc', 'Exc', 0.125)]),
    ]),
    category('general-effect', 'General Effect', 'sum', [
      caption('ge', 'General Effect', 'GE', [line('rep', 'Rep', 0.125), line('perf', 'Perf', 0.125)]),
    ]),
  ],
};

/** Doubled Equipment and Movement panels, averaged (TCGC championship rounds). */
export const colorGuardDoubledAnalysisSheet: ScoreSheet = {
  name: 'Color Guard (doubled analysis panels)',
  categories: [
    category('equipment', 'Equipment', 'average', [
      caption('e1', 'Equipment', 'E1', [line('voc', 'Voc', 0.07), line('exc', 'Exc', 0.13)]),
      caption('e2', 'Equipment', 'E2', [line('voc', 'Voc', 0.07), line('exc', 'Exc', 0.13)]),
    ]),
    category('movement', 'Movement', 'average', [
      caption('m1', 'Movement', 'M1', [line('voc', 'Voc', 0.07), line('exc', 'Exc', 0.13)]),
      caption('m2', 'Movement', 'M2', [line('voc', 'Voc', 0.07), line('exc', 'Exc', 0.13)]),
    ]),
  ],
};

/** A category judged by one judge whose lines take `percent` of `points` each ([key, name, percent]). */
function soloCategory(
  key: string,
  name: string,
  initials: string,
  points: number,
  lines: [string, string, number][],
): CategoryDef {
  const weights = shares(
    points,
    lines.map(([, , percent]) => percent),
  );
  const sheetLines = lines.map(([lineKey, lineName], i) => line(lineKey, lineName, weights[i]));
  return category(key, name, 'sum', [caption(initials.toLowerCase(), name, initials, sheetLines, { weighted: true })]);
}

const vocabularyExcellence = (vocabulary: number): [string, string, number][] => [
  ['voc', 'Voc', vocabulary],
  ['exc', 'Exc', 100 - vocabulary],
];
const halves = (first: [string, string], second: [string, string]): [string, string, number][] => [
  [...first, 50],
  [...second, 50],
];

/**
 * Four captions of 25 points, one judge each, Equipment and Movement Voc 35% / Exc 65%, Design and General Effect
 * halved (WGASC 2022-2025 scholastic, junior high and independent classes).
 */
export const colorGuardSheet25: ScoreSheet = {
  name: 'Color Guard (four 25-point captions)',
  categories: [
    soloCategory('equipment', 'Equipment Analysis', 'EA', 25, vocabularyExcellence(35)),
    soloCategory('movement', 'Movement', 'MV', 25, vocabularyExcellence(35)),
    soloCategory('design', 'Design Analysis', 'DA', 25, halves(['comp', 'Comp'], ['exc', 'Exc'])),
    soloCategory('general-effect', 'General Effect', 'GE', 25, halves(['rep', 'Rep'], ['perf', 'Perf'])),
  ],
};

/** A three-judge panel: Equipment 40 (Voc 35% / Exc 65%), Design 20, General Effect 40 (FFCC 2024 small classes). */
export const colorGuardSheetThreeJudges: ScoreSheet = {
  name: 'Color Guard (three judges)',
  categories: [
    soloCategory('equipment', 'Equipment Analysis', 'EA', 40, vocabularyExcellence(35)),
    category('design', 'Design Analysis', 'sum', [
      caption('da', 'Design Analysis', 'DA', [line('comp', 'Comp', 0.1), line('exc', 'Exc', 0.1)]),
    ]),
    soloCategory('general-effect', 'General Effect', 'GE', 40, halves(['rep', 'Rep'], ['perf', 'Perf'])),
  ],
};

/**
 * Two captions of a third each: Design 33.4 (Comp 16.7 / Exc 16.7) and two General Effect judges of 33.3 (Rep 16.6 /
 * Perf 16.7), summed (FFCC 2022 guards at percussion and winds shows).
 */
export const colorGuardSheetThirds: ScoreSheet = {
  name: 'Color Guard (Design and General Effect in thirds)',
  categories: [
    category('design', 'Design Analysis', 'sum', [
      caption('da', 'Design Analysis', 'DA', [line('comp', 'Comp', 0.167), line('exc', 'Exc', 0.167)], {
        weighted: true,
      }),
    ]),
    category('general-effect', 'General Effect', 'sum', [
      caption('ge1', 'General Effect', 'GE1', [line('rep', 'Rep', 0.166), line('perf', 'Perf', 0.167)]),
      caption('ge2', 'General Effect', 'GE2', [line('rep', 'Rep', 0.166), line('perf', 'Perf', 0.167)]),
    ]),
  ],
};
