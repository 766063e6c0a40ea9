import { useMemo } from 'react';
import { formatDate } from '../../../lib/dates';
import { formatScore } from '../../../../domain/scores';
import type { GroupSeasonPerformance } from '../../../lib/api-models';
import { categoryProgression, type CategoryLine } from '../utils/category-lines';
import { CategoryLinesCanvas, LINE_STYLES } from './category-lines-canvas';

function lineSummary(line: CategoryLine, dates: string[]): string {
  const scored = line.scores.flatMap((score, index) => (score === null ? [] : [{ score, date: dates[index] }]));
  if (scored.length === 0) return `${line.name}: no score`;
  const first = scored[0];
  const last = scored[scored.length - 1];
  if (scored.length === 1) return `${line.name}: ${formatScore(first.score, 'category')} on ${formatDate(first.date)}`;
  return `${line.name}: from ${formatScore(first.score, 'category')} on ${formatDate(first.date)} to ${formatScore(last.score, 'category')} on ${formatDate(last.date)}`;
}

/**
 * Each category's score across the season: a line per category (a chart loaded on use), a legend naming each line,
 * and the same numbers as a table a screen reader or anyone can open. Practice follows the total trend's rule.
 */
export function CategoryProgression({ performances, groupName, includePractice }: { performances: GroupSeasonPerformance[]; groupName: string; includePractice: boolean }) {
  const progression = useMemo(() => categoryProgression(performances, { includePractice }), [performances, includePractice]);
  if (progression.lines.length === 0 || progression.shows.length < 2) {
    return progression.shows.length === 1 ? <p className="my-4 max-w-prose">Category lines show from the second scored performance on.</p> : null;
  }
  const dates = progression.shows.map((show) => show.date);
  const summaries = progression.lines.map((line) => lineSummary(line, dates));
  return (
    <figure className="my-4 max-w-3xl">
      <div role="img" aria-label={`Category scores of ${groupName}. ${summaries.join('; ')}.`}>
        <CategoryLinesCanvas progression={progression} />
      </div>
      <figcaption>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Category lines">
          {progression.lines.map((line, index) => (
            <li key={line.name} className="flex items-center gap-2">
              <svg width="28" height="10" aria-hidden="true">
                <line x1="0" x2="28" y1="5" y2="5" stroke={LINE_STYLES[index % LINE_STYLES.length].color} strokeWidth="3" strokeDasharray={LINE_STYLES[index % LINE_STYLES.length].dash.join(' ')} />
              </svg>
              {line.name}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm">Category scores as a table</summary>
        {/* a focusable region: a phone's keyboard user can scroll a wide sheet's columns */}
        <div className="overflow-x-auto" role="region" aria-labelledby="category-table-caption" tabIndex={0}>
          <table className="mt-2 text-sm">
            <caption id="category-table-caption" className="sr-only">{`Category scores of ${groupName} by show`}</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-3 text-left">Show</th>
                {progression.lines.map((line) => (
                  <th key={line.name} scope="col" className="px-2 text-right">{line.name}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {progression.shows.map((show, index) => (
                <tr key={show.key}>
                  <th scope="row" className="pr-3 text-left font-normal">{`${show.label}, ${formatDate(show.date)}`}</th>
                  {progression.lines.map((line) => (
                    <td key={line.name} className="px-2 text-right tabular-nums">{formatScore(line.scores[index], 'category')}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
