import type { ScoreSheet } from '../score-sheet.js';
import { caption, category, line } from './build.js';

/**
 * DCI World/Open/All Age sheet: every caption is two lines out of 100 counted a tenth (a caption out of 20).
 * General Effect = GE1 + GE2 (40); Visual and Music = sum of three captions, halved (30 each).
 */
export const drumCorpsSheet: ScoreSheet = {
  name: 'Drum Corps',
  categories: [
    category('general-effect', 'General Effect', 'sum', [
      caption('ge1', 'General Effect 1', 'GE1', [line('rep', 'Rep', 0.1), line('perf', 'Perf', 0.1)]),
      caption('ge2', 'General Effect 2', 'GE2', [line('rep', 'Rep', 0.1), line('perf', 'Perf', 0.1)]),
    ]),
    category('visual', 'Visual', 'sum-half', [
      caption('vp', 'Visual Proficiency', 'VP', [line('cont', 'Cont', 0.1), line('achv', 'Achv', 0.1)]),
      caption('va', 'Visual Analysis', 'VA', [line('comp', 'Comp', 0.1), line('achv', 'Achv', 0.1)]),
      caption('cg', 'Color Guard', 'CG', [line('cont', 'Cont', 0.1), line('achv', 'Achv', 0.1)]),
    ]),
    category('music', 'Music', 'sum-half', [
      caption('mb', 'Music - Brass', 'MB', [line('cont', 'Cont', 0.1), line('achv', 'Achv', 0.1)]),
      caption('man', 'Music - Analysis', 'MA', [line('cont', 'Cont', 0.1), line('achv', 'Achv', 0.1)]),
      caption('mp', 'Music - Percussion', 'MP', [line('cont', 'Cont', 0.1), line('achv', 'Achv', 0.1)]),
    ]),
  ],
};

/** SoundSport: three judges each give one overall number out of 100; the total is their mean. */
export const soundSportSheet: ScoreSheet = {
  name: 'SoundSport',
  totalDivisor: 3,
  categories: [
    category('music', 'Music Performance', 'sum', [caption('mp', 'Music Performance', 'MP', [line('ovr', 'Ovr', 1)])]),
    category('visual', 'Visual Performance', 'sum', [
      caption('vp', 'Visual Performance', 'VP', [line('ovr', 'Ovr', 1)]),
    ]),
    category('overall', 'Overall Impression', 'sum', [
      caption('oi', 'Overall Impression', 'OI', [line('ovr', 'Ovr', 1)]),
    ]),
  ],
};
