/**
 * The catalogue of built-in sheets a division can be judged on by key (`GET /score-sheets/`,
 * `POST /divisions/ {sheetKey}`): every sheet of `sheetsByGroupType`, keyed by the slug of its name. The keys are
 * contracts (a circuit's scripts name them), so a sheet's name must not change once it is here; a test checks that
 * no two keys are the same.
 */
import { GROUP_TYPES } from '../group-types.js';
import { slug } from '../name-keys.js';
import type { ScoreSheet } from '../score-sheet.js';
import { sheetsByGroupType } from './index.js';

export interface CatalogueSheet {
  /** "color-guard", "color-guard-excellence-14", "drum-corps" */
  key: string;
  groupTypeId: number;
  sheet: ScoreSheet;
}

export const SHEET_CATALOGUE: readonly CatalogueSheet[] = GROUP_TYPES.flatMap((type) =>
  sheetsByGroupType[type.key].map((sheet) => ({ key: slug(sheet.name), groupTypeId: type.id, sheet })),
);

/** The catalogue's sheet with this key, or undefined. */
export function catalogueSheet(key: string): CatalogueSheet | undefined {
  return SHEET_CATALOGUE.find((entry) => entry.key === key);
}
