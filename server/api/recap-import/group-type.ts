import { GROUP_TYPE } from '../../../domain/group-types.js';
import type { ImportedSection } from './to-import.js';

/**
 * A recap page does not say what kind of ensemble a section judges; its division name and captions do. Division
 * names win ("Winds Scholastic A", "Percussion Independent World"); then the captions: equipment/movement sheets are
 * color guard, numbered General Effect with brass are drum corps, the rest percussion.
 */
export function inferGroupType(section: ImportedSection): number {
  const division = section.divisionName.toLowerCase();
  if (/\bwinds?\b/.test(division)) return GROUP_TYPE.winds;
  if (/percussion|drumline|\bperc\b|concert|marching/.test(division)) return GROUP_TYPE.percussion;
  if (/guard|\bcg\b/.test(division)) return GROUP_TYPE.colorGuard;
  const captions = section.sheet.categories
    .flatMap((category) => [category.name, ...category.captions.map((caption) => caption.name)])
    .join(' | ')
    .toLowerCase();
  if (/brass|general effect 1|color guard/.test(captions)) return GROUP_TYPE.drumCorps;
  if (/equipment|movement|\be\b|\bm\b|design analysis/.test(captions)) return GROUP_TYPE.colorGuard;
  return GROUP_TYPE.percussion;
}
