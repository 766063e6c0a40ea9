import type { ReactNode } from 'react';
import { formatScore } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';
import type { GroupSheet } from '../api/get-group-sheet';

type SheetCategory = GroupSheet['sheet']['categories'][number];
type SheetCaption = SheetCategory['captions'][number];
type Scores = GroupSheet['performance'];

const judgeName = (judge: SheetCaption['judge']) => (judge ? `${judge.firstName} ${judge.lastName}`.trim() : '—');

/**
 * One category of the group's sheet: each caption with its judge, every line the judge gave, the caption's score and
 * rank, and the category's. A table a screen reader reads row by row; printed as the page prints it.
 */
export function GroupCategoryTable({
  category,
  scores,
  children,
}: {
  category: SheetCategory;
  scores: Scores['categories'][number] | undefined;
  /** what follows the table inside the category (its captions' commentary) */
  children?: ReactNode;
}) {
  const headingId = `category-${category.key}`;
  return (
    <section aria-labelledby={headingId} className="mt-6 break-inside-avoid-page">
      <h2 id={headingId} className="text-lg font-semibold">
        {category.name}
        {scores ? (
          <span className="font-normal tabular-nums">
            {' '}
            · {formatScore(scores.score, 'category')} · rank {formatRank(scores.rank)}
          </span>
        ) : null}
      </h2>
      <div className="overflow-x-auto">
        <table className="data-table mt-1">
          <thead>
            <tr>
              <th scope="col">Caption and line</th>
              <th scope="col">Judge</th>
              <th scope="col" className="num">
                Score
              </th>
              <th scope="col" className="num">
                Rank
              </th>
            </tr>
          </thead>
          {category.captions.map((caption) => {
            const given = scores?.captions.find((candidate) => candidate.key === caption.key);
            return (
              <tbody key={caption.key}>
                <tr className="font-semibold">
                  <th scope="row">
                    {caption.name}
                    {/* a doubled panel's captions share a name: their initials tell them apart (GE1, GE2) */}
                    {category.captions.some((other) => other !== caption && other.name === caption.name)
                      ? ` (${caption.initials})`
                      : ''}
                  </th>
                  <td className="font-normal">{judgeName(caption.judge)}</td>
                  <td className="num">{given ? formatScore(given.score, 'caption') : '—'}</td>
                  <td className="num">{formatRank(given?.rank)}</td>
                </tr>
                {caption.subcaptions.map((line) => {
                  const lineScore = given?.subcaptions.find((candidate) => candidate.key === line.key);
                  return (
                    <tr key={line.key}>
                      <th scope="row" className="pl-6 font-normal">
                        {line.name} <span className="text-slate-700 dark:text-slate-300">(of {line.max})</span>
                      </th>
                      <td />
                      <td className="num">{lineScore ? formatScore(lineScore.score, 'subcaption') : '—'}</td>
                      <td className="num">{formatRank(lineScore?.rank)}</td>
                    </tr>
                  );
                })}
              </tbody>
            );
          })}
        </table>
      </div>
      {children}
    </section>
  );
}

/** The sheet's totals: Sub Total, penalty, Total and place among the division and round's performances. */
export function GroupTotals({ scores, groupsInRound }: { scores: Scores; groupsInRound: number }) {
  if (!scores.performed)
    return (
      <p className="mt-4 font-semibold">Did not perform{scores.noScoreReason ? `: ${scores.noScoreReason}` : ''}</p>
    );
  const rows: [string, string][] = [
    ['Sub total', `${formatScore(scores.subtotal.score, 'total')} (rank ${formatRank(scores.subtotal.rank)})`],
    ['Penalty', scores.penalty > 0 ? `−${formatScore(scores.penalty, 'penalty')}` : 'none'],
    [
      'Total',
      `${formatScore(scores.total.score, 'total')} · place ${formatRank(scores.total.rank)} of ${groupsInRound}`,
    ],
  ];
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-300 px-4 py-3 tabular-nums dark:border-slate-700">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className={term === 'Total' ? 'font-bold' : ''}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
