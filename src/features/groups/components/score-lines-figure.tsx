import { useId } from 'react';
import { formatDate } from '../../../lib/dates';
import { formatScore } from '../../../../domain/scores';
import type { CategoryLine, CategoryProgression } from '../utils/category-lines';
import { CategoryLinesCanvas, LINE_STYLES } from './category-lines-canvas';
import { ScrollRegion } from '../../../components/more-columns';

function lineSummary(line: CategoryLine, dates: string[]): string {
  const scored = line.scores.flatMap((score, index) => (score === null ? [] : [{ score, date: dates[index] }]));
  if (scored.length === 0) return `${line.name}: no score`;
  const first = scored[0];
  const last = scored[scored.length - 1];
  if (scored.length === 1) return `${line.name}: ${formatScore(first.score, 'category')} on ${formatDate(first.date)}`;
  return `${line.name}: from ${formatScore(first.score, 'category')} on ${formatDate(first.date)} to ${formatScore(last.score, 'category')} on ${formatDate(last.date)}`;
}

interface ScoreLinesFigureProps {
  progression: CategoryProgression;
  /** what the lines are, e.g. "Category scores of North HS": the chart's name, its table's "… by show" */
  title: string;
  /** the legend's name, e.g. "Category lines" */
  legend: string;
  /** the score axis' label */
  axis: string;
  /** the table's disclosure text */
  tableLabel: string;
}

/**
 * Score lines across the season (categories, or one category's captions): the chart loaded on use, a legend naming
 * each line by colour and dash, a summary of each line in the chart's accessible name, and the same numbers as a
 * table anyone can open.
 */
export function ScoreLinesFigure({ progression, title, legend, axis, tableLabel }: ScoreLinesFigureProps) {
  const captionId = useId();
  const dates = progression.shows.map((show) => show.date);
  const summaries = progression.lines.map((line) => lineSummary(line, dates));
  return (
    <figure className="my-4 max-w-3xl">
      <div role="img" aria-label={`${title}. ${summaries.join('; ')}.`}>
        <CategoryLinesCanvas progression={progression} axis={axis} />
      </div>
      <figcaption>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={legend}>
          {progression.lines.map((line, index) => (
            <li key={line.name} className="flex items-center gap-2">
              <svg width="28" height="10" aria-hidden="true">
                <line
                  x1="0"
                  x2="28"
                  y1="5"
                  y2="5"
                  stroke={LINE_STYLES[index % LINE_STYLES.length].color}
                  strokeWidth="3"
                  strokeDasharray={LINE_STYLES[index % LINE_STYLES.length].dash.join(' ')}
                />
              </svg>
              {line.name}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm">{tableLabel}</summary>
        {/* a focusable region: a phone's keyboard user can scroll a wide sheet's columns */}
        <ScrollRegion aria-labelledby={captionId}>
          <table className="mt-2 text-sm">
            <caption id={captionId} className="sr-only">{`${title} by show`}</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-3 text-left">
                  Show
                </th>
                {progression.lines.map((line) => (
                  <th key={line.name} scope="col" className="px-2 text-right">
                    {line.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {progression.shows.map((show, index) => (
                <tr key={show.key}>
                  <th
                    scope="row"
                    className="pr-3 text-left font-normal"
                  >{`${show.label}${show.practice ? ' (practice)' : ''}, ${formatDate(show.date)}`}</th>
                  {progression.lines.map((line) => (
                    <td key={line.name} className="px-2 text-right tabular-nums">
                      {formatScore(line.scores[index], 'category')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}
