/**
 * A refused release's list as it stands now: the refusal said what the section lacked when it was asked; the
 * console's grid (pushed on every write) says what it lacks since. So the list shrinks as captions come in, and
 * goes once the round is ready to release (nothing missing, signed off where required: a release would pass).
 */
import type { MissingCaption, RefusedSection } from '../../../lib/signed-in/problems';
import type { GridSection } from './grid-model';

/** Per caption of the section, the performed groups whose entry is not submitted yet, in the running order. */
function missingNow(section: GridSection): MissingCaption[] {
  return section.columns.flatMap((column, index) => {
    const performances = section.rows
      .filter((row) => row.performed && (row.cells[index].state === 'empty' || row.cells[index].state === 'draft'))
      .map((row) => ({ id: row.performanceId, group: row.group }));
    return performances.length > 0
      ? [{ captionKey: column.captionKey, captionName: column.captionName, performances }]
      : [];
  });
}

export function refusalNow(refused: readonly RefusedSection[], section: GridSection): RefusedSection[] {
  return refused
    .map((lacking) => {
      if (lacking.divisionId !== section.division.id || lacking.round !== section.round.number) return lacking;
      if (section.readyToRelease) return null;
      return {
        ...lacking,
        missing: missingNow(section),
        notSignedOff: lacking.notSignedOff && section.signOff === null,
      };
    })
    .filter(
      (lacking): lacking is RefusedSection =>
        lacking !== null && (lacking.noSheet || lacking.notSignedOff || lacking.missing.length > 0),
    );
}
