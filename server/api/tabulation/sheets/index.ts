import type { ScoreSheet } from '../types.js';
import {
  colorGuardDoubledAnalysisSheet,
  colorGuardSheet,
  colorGuardSheetExcellence14,
  colorGuardSheet25,
  colorGuardSheetSingleGe,
  colorGuardSheetThirds,
  colorGuardSheetThreeJudges,
} from './color-guard.js';
import { drumCorpsSheet, soundSportSheet } from './drum-corps.js';
import { concertPercussionSheet, percussionSheet, threeJudgePercussionSheet } from './percussion.js';
import { windsSheet, windsSheetAchievement65 } from './winds.js';

export {
  colorGuardDoubledAnalysisSheet,
  colorGuardSheet,
  colorGuardSheetExcellence14,
  colorGuardSheet25,
  colorGuardSheetSingleGe,
  colorGuardSheetThirds,
  colorGuardSheetThreeJudges,
  concertPercussionSheet,
  drumCorpsSheet,
  percussionSheet,
  soundSportSheet,
  threeJudgePercussionSheet,
  windsSheet,
  windsSheetAchievement65,
};

export type GroupType = 'color-guard' | 'percussion' | 'winds' | 'drum-corps';

/** Known sheets per kind of group, the usual one first (the sample-data generator takes the first). */
export const sheetsByGroupType: Record<GroupType, readonly ScoreSheet[]> = {
  'color-guard': [
    colorGuardSheet,
    colorGuardSheetExcellence14,
    colorGuardSheetSingleGe,
    colorGuardSheet25,
    colorGuardSheetThreeJudges,
    colorGuardSheetThirds,
    colorGuardDoubledAnalysisSheet,
  ],
  percussion: [percussionSheet, concertPercussionSheet, threeJudgePercussionSheet],
  winds: [windsSheet, windsSheetAchievement65],
  'drum-corps': [drumCorpsSheet, soundSportSheet],
};

export const knownSheets: readonly ScoreSheet[] = Object.values(sheetsByGroupType).flat();
