import type { ScoreSheet } from '../score-sheet.js';
import { caption, category, line } from './build.js';

/** Indoor percussion sheets (WGI-style) as the recaps weight them. */

/** Marching percussion: Music 30 (Comp 10 / Perf 20), Effect - Music 30, Visual 20, Effect - Visual 20. */
export const percussionSheet: ScoreSheet = {
  name: 'Percussion',
  categories: [
    category('music', 'Music', 'sum', [
      caption('mus', 'Music', 'MUS', [line('comp', 'Comp', 0.1), line('perf', 'Perf', 0.2)]),
    ]),
    category('effect-music', 'Effect - Music', 'sum', [
      caption('em', 'Effect - Music', 'EM', [line('ovr', 'Ovr', 0.15), line('mus', 'Mus', 0.15)]),
    ]),
    category('visual', 'Visual', 'sum', [
      caption('vis', 'Visual', 'VIS', [line('comp', 'Comp', 0.1), line('perf', 'Perf', 0.1)]),
    ]),
    category('effect-visual', 'Effect - Visual', 'sum', [
      caption('ev', 'Effect - Visual', 'EV', [line('ovr', 'Ovr', 0.1), line('vis', 'Vis', 0.1)]),
    ]),
  ],
};

/** Concert (standstill) percussion: Music 50 (Comp 20 / Perf 30) and Artistry 50 (Prog 20 / Ful 30). */
export const concertPercussionSheet: ScoreSheet = {
  name: 'Concert Percussion',
  categories: [
    category('music', 'Music', 'sum', [
      caption('mus', 'Music', 'MUS', [line('comp', 'Comp', 0.2), line('perf', 'Perf', 0.3)]),
    ]),
    category('artistry', 'Artistry', 'sum', [
      caption('art', 'Artistry', 'ART', [line('prog', 'Prog', 0.2), line('ful', 'Ful', 0.3)]),
    ]),
  ],
};

/** A three-judge percussion panel: Effect - Visual 29 (15/14), Music 42 (14/28), Visual 29 (15/14) (FFCC 2022). */
export const threeJudgePercussionSheet: ScoreSheet = {
  name: 'Percussion (three judges)',
  categories: [
    category('effect-visual', 'Effect - Visual', 'sum', [
      caption('ev', 'Effect - Visual', 'EV', [line('ovr', 'Ovr', 0.15), line('vis', 'Vis', 0.14)]),
    ]),
    category('music', 'Music', 'sum', [
      caption('mus', 'Music', 'MUS', [line('comp', 'Comp', 0.14), line('perf', 'Perf', 0.28)]),
    ]),
    category('visual', 'Visual', 'sum', [
      caption('vis', 'Visual', 'VIS', [line('comp', 'Comp', 0.15), line('perf', 'Perf', 0.14)]),
    ]),
  ],
};
