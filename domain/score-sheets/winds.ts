import type { ScoreSheet } from '../score-sheet.js';
import { caption, category, line, shares } from './build.js';

/** Indoor winds: Music Analysis 30, Visual Analysis 30, Overall Effect 40. */
export const windsSheet: ScoreSheet = {
  name: 'Winds',
  categories: [
    category('music-analysis', 'Music Analysis', 'sum', [
      caption('ma', 'Music Analysis', 'MA', [line('comp', 'Comp', 0.15), line('ach', 'Ach', 0.15)], { weighted: true }),
    ]),
    category('visual-analysis', 'Visual Analysis', 'sum', [
      caption('va', 'Visual Analysis', 'VA', [line('comp', 'Comp', 0.15), line('ach', 'Ach', 0.15)], {
        weighted: true,
      }),
    ]),
    category('overall-effect', 'Overall Effect', 'sum', [
      caption('oe', 'Overall Effect', 'OE', [line('rep', 'Rep', 0.2), line('comm', 'Comm', 0.2)], { weighted: true }),
    ]),
  ],
};

/**
 * Indoor winds with Comp 35% / Achievement 65% analysis captions: Overall Effect 40 (Rep/Perf), Music Analysis 30
 * (Comp/PQ), Visual Analysis 30 (Comp/Ach) (FFCC and Texas scholastic A classes, 2025-2026).
 */
export const windsSheetAchievement65: ScoreSheet = (() => {
  const [comp, achievement] = shares(30, [35, 65]);
  return {
    name: 'Winds (Achievement 65%)',
    categories: [
      category('overall-effect', 'Overall Effect', 'sum', [
        caption('oe', 'Overall Effect', 'OE', [line('rep', 'Rep', 0.2), line('perf', 'Perf', 0.2)]),
      ]),
      category('music-analysis', 'Music Analysis', 'sum', [
        caption('ma', 'Music Analysis', 'MA', [line('comp', 'Comp', comp), line('pq', 'PQ', achievement)]),
      ]),
      category('visual-analysis', 'Visual Analysis', 'sum', [
        caption('va', 'Visual Analysis', 'VA', [line('comp', 'Comp', comp), line('ach', 'Ach', achievement)]),
      ]),
    ],
  };
})();
