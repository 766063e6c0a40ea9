import type { ScoreSheet } from '../types.js';
import {
  colorGuardDoubledAnalysisSheet,
  colorGuardSheet,
  colorGuardSheetExcellence14,
  colorGuardSheet25,
  colorGuardSheetSingleGe,
  colorGuardSheetThreeJudges,
} from './color-guard.js';
import { drumCorpsSheet, soundSportSheet } from './drum-corps.js';
import { concertPercussionSheet, percussionSheet, threeJudgePercussionSheet } from './percussion.js';
import { windsSheet } from './winds.js';

export {
  colorGuardDoubledAnalysisSheet,
  colorGuardSheet,
  colorGuardSheetExcellence14,
  colorGuardSheet25,
  colorGuardSheetSingleGe,
  colorGuardSheetThreeJudges,
  concertPercussionSheet,
  drumCorpsSheet,
  percussionSheet,
  soundSportSheet,
  threeJudgePercussionSheet,
  windsSheet,
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
    colorGuardDoubledAnalysisSheet,
  ],
  percussion: [percussionSheet, concertPercussionSheet, threeJudgePercussionSheet],
  winds: [windsSheet],
  'drum-corps': [drumCorpsSheet, soundSportSheet],
};

export const knownSheets: readonly ScoreSheet[] = Object.values(sheetsByGroupType).flat();
