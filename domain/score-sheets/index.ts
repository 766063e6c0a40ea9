import type { GroupTypeKey } from '../group-types.js';
import type { ScoreSheet } from '../score-sheet.js';
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

/**
 * Known sheets per kind of group (domain/group-types.ts), the usual one first. No marching band recap has been
 * seen yet, so there is no marching band sheet: such a page is refused by the importer until one is added here.
 */
export const sheetsByGroupType: Record<GroupTypeKey, readonly ScoreSheet[]> = {
  colorGuard: [
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
  marchingBand: [],
  drumCorps: [drumCorpsSheet, soundSportSheet],
};

export const knownSheets: readonly ScoreSheet[] = Object.values(sheetsByGroupType).flat();
