import { useMemo, useState } from 'react';
import type { GroupSeasonPerformance } from '../../../lib/api-models';
import { captionProgression, categoryProgression } from '../utils/category-lines';
import { ScoreLinesFigure } from './score-lines-figure';

/**
 * Each category's score across the season, and on demand one category's captions: lines loaded on use, a legend,
 * and the same numbers as tables. Practice follows the total trend's rule.
 */
export function CategoryProgression({
  performances,
  groupName,
  includePractice,
}: {
  performances: GroupSeasonPerformance[];
  groupName: string;
  includePractice: boolean;
}) {
  const progression = useMemo(
    () => categoryProgression(performances, { includePractice }),
    [performances, includePractice],
  );
  const [chosen, setChosen] = useState('');
  // a category the season (or the practice choice) no longer has shows no captions
  const category = progression.lines.some((line) => line.name === chosen) ? chosen : '';
  const captions = useMemo(
    () => (category ? captionProgression(performances, category, { includePractice }) : undefined),
    [performances, category, includePractice],
  );
  if (progression.lines.length === 0 || progression.shows.length < 2) {
    return progression.shows.length === 1 ? (
      <p className="my-4 max-w-prose">Category lines show from the second scored performance on.</p>
    ) : null;
  }
  return (
    <>
      <ScoreLinesFigure
        progression={progression}
        title={`Category scores of ${groupName}`}
        legend="Category lines"
        axis="Category score"
        tableLabel="Category scores as a table"
      />
      <label className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Captions of</span>
        <select
          className="rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
          value={category}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose a category</option>
          {progression.lines.map((line) => (
            <option key={line.name} value={line.name}>
              {line.name}
            </option>
          ))}
        </select>
      </label>
      {captions && captions.shows.length > 0 ? (
        <ScoreLinesFigure
          progression={captions}
          title={`${category} caption scores of ${groupName}`}
          legend={`${category} caption lines`}
          axis="Caption score"
          tableLabel={`${category} caption scores as a table`}
        />
      ) : null}
    </>
  );
}
