/**
 * The corrections after release (decision 083) on the recap: each a note under its section, and a mark on every
 * number of the row it changed, in the columns that show it (a caption's total and changed lines, its category, the
 * penalty, the Total, which each changes). The BFF names them as v2 names the numbers (its corrections view): a
 * caption by its category's and its own names and which of the same-named ones it is.
 */
import { formatScore } from '../../../../domain/scores';
import type { RecapCorrection } from '../../../lib/api-models';
import { columnIds } from './recap-model';
import type { CorrectionNote, DivisionRoundScores, PerformanceScores, RecapSheet } from './recap-types';
import { judgeName, sectionId } from './scores-lookup';

/** The sections with their notes and marks; the same objects where nothing was corrected (memoized sections). */
export function withCorrections(
  sections: DivisionRoundScores[],
  corrections: readonly RecapCorrection[],
): DivisionRoundScores[] {
  if (corrections.length === 0) return sections;
  return sections.map((section) => {
    const own = corrections.filter(
      (correction) =>
        correction.division.name === section.division.name && correction.round.number === section.round.number,
    );
    if (own.length === 0) return section;
    const marks = new Map<PerformanceScores, Map<string, CorrectionNote[]>>();
    const notes = own.map((correction, index): CorrectionNote => {
      const { what, changes, columns } = described(section.sheet, correction.change);
      const note: CorrectionNote = {
        id: `correction-${sectionId(section)}-${index + 1}`,
        number: index + 1,
        group: correction.group?.name ?? null,
        what,
        changes,
        at: correction.at,
        reason: correction.reason,
      };
      const performance = section.performances.find((candidate) => candidate.group.name === correction.group?.name);
      if (performance) {
        const row = marks.get(performance) ?? new Map<string, CorrectionNote[]>();
        for (const column of columns) row.set(column, [...(row.get(column) ?? []), note]);
        marks.set(performance, row);
      }
      return note;
    });
    return {
      ...section,
      corrections: notes,
      performances: section.performances.map((performance) =>
        marks.has(performance) ? { ...performance, corrected: marks.get(performance) } : performance,
      ),
    };
  });
}

type Change = RecapCorrection['change'];

function described(
  sheet: RecapSheet,
  change: Change,
): Pick<CorrectionNote, 'what' | 'changes'> & { columns: string[] } {
  if (change.kind === 'penalty')
    return {
      what: 'Penalty',
      changes: [
        { line: null, before: formatScore(change.before, 'penalty'), after: formatScore(change.after, 'penalty') },
      ],
      columns: [columnIds.penalty, columnIds.total],
    };
  if (change.kind === 'performed') {
    const said = (performed: boolean) => (performed ? 'performed' : 'did not perform');
    return {
      what: 'Performed',
      changes: [{ line: null, before: said(change.before), after: said(change.after) }],
      columns: [columnIds.total],
    };
  }
  const category = sheet.categories.find((candidate) => candidate.name === change.category);
  const namesakes = category?.captions.filter((candidate) => candidate.name === change.caption) ?? [];
  const caption = namesakes[change.occurrence - 1];
  const judge = caption ? judgeName(caption.judge) : null;
  // two captions of one name (two General Effect judges) are told apart by their judges, as the recap prints them
  const what =
    namesakes.length > 1 || change.occurrence > 1
      ? judge
        ? `${change.caption} (${judge})`
        : `${change.caption} ${change.occurrence}`
      : change.caption;
  const changed = change.lines.filter((line) => line.before !== line.after);
  const columns = [
    ...(caption ? [columnIds.caption(caption.key)] : []),
    ...changed.flatMap((line) => {
      const key = caption?.subcaptions.find((candidate) => candidate.name === line.name)?.key;
      return caption && key ? [columnIds.line(caption.key, key)] : [];
    }),
    ...(category ? [columnIds.category(category.key)] : []),
    columnIds.total,
  ];
  return {
    what,
    changes: changed.map((line) => ({
      line: line.name,
      before: formatScore(line.before, 'subcaption'),
      after: formatScore(line.after, 'subcaption'),
    })),
    columns,
  };
}
