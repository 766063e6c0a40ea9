import type { ScoreSheet } from '../types.js';
import { caption, category, line } from './build.js';

/** Indoor winds: Music Analysis 30, Visual Analysis 30, Overall Effect 40. */
export const windsSheet: ScoreSheet = {
  name: 'Winds',
  categories: [
    category('music-analysis', 'Music Analysis', 'sum', [
      caption('ma', 'Music Analysis', 'MA', [line('comp', 'Comp', 0.15), line('ach', 'Ach', 0.15)], { weighted: true }),
    ]),
    category('visual-analysis', 'Visual Analysis', 'sum', [
      caption('va', 'Visual Analysis', 'VA', [line('comp', 'Comp', 0.15), line('ach', 'Ach', 0.15)], { weighted: true }),
    ]),
    category('overall-effect', 'Overall Effect', 'sum', [
      caption('oe', 'Overall Effect', 'OE', [line('rep', 'Rep', 0.2), line('comm', 'Comm', 0.2)], { weighted: true }),
    ]),
  ],
};
