import { Link } from 'react-router';
import { paths, type RecapView } from '../../../config/paths';
import type { DivisionRoundScores, PerformanceScores } from '../../../lib/api-models';
import { formatRank, formatScore } from '../../../lib/format';
import type { RecapTable, SortDirection } from '../utils/recap-model';
import { judgeName, lookupPerformance } from '../utils/scores-lookup';
import { ScoreValue, winnerCellClass } from './score-value';

interface RecapCardsProps {
  section: DivisionRoundScores;
  table: RecapTable;
  view: RecapView;
  sortColumnId: string;
  sortDirection: SortDirection;
  onSort: (columnId: string, direction: SortDirection) => void;
}

/** The recap on a phone: one card per group, its breakdown a tap away; nothing wider than the screen. */
export function RecapCards({ section, table, view, sortColumnId, sortDirection, onSort }: RecapCardsProps) {
  const sortId = `sort-${table.id}`;
  return (
    <div>
      <label htmlFor={sortId} className="mb-2 flex items-center gap-2 text-sm">
        <span className="font-medium">Sort by</span>
        <select
          id={sortId}
          className="min-w-0 flex-1 rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
          value={`${sortColumnId}|${sortDirection}`}
          onChange={(event) => {
            const [columnId, direction] = event.target.value.split('|');
            onSort(columnId, direction as SortDirection);
          }}
        >
          {table.columns.flatMap((column) =>
            (['asc', 'desc'] as const).map((direction) => (
              <option key={`${column.id}|${direction}`} value={`${column.id}|${direction}`}>
                {column.label} ({sortWording(column.kind, direction)})
              </option>
            )),
          )}
        </select>
      </label>
      <ol aria-label={table.title} className="space-y-3">
        {table.rows.map(({ performance }) => (
          <li key={performance.performanceId}>
            <RecapCard section={section} performance={performance} view={view} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function sortWording(kind: 'rank' | 'group' | 'score', direction: SortDirection): string {
  if (kind === 'group') return direction === 'asc' ? 'A–Z' : 'Z–A';
  if (kind === 'rank') return direction === 'asc' ? 'first to last' : 'last to first';
  return direction === 'asc' ? 'lowest first' : 'highest first';
}

function RecapCard({ section, performance, view }: { section: DivisionRoundScores; performance: PerformanceScores; view: RecapView }) {
  const lookup = lookupPerformance(performance);
  const headingId = `card-${performance.performanceId}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-300 p-3 dark:border-slate-700">
      <div className="flex items-start gap-3">
        <p className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-lg font-bold dark:bg-slate-800" aria-label={`Rank ${formatRank(performance.total.rank)}`}>
          {performance.performed ? formatRank(performance.total.rank) : '—'}
        </p>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold break-words">
            <Link className="link" to={paths.group.href(performance.group.id)}>
              {performance.group.name}
            </Link>
          </h3>
          <p className="text-xs text-slate-700 dark:text-slate-300">{performance.group.location}</p>
        </div>
        <p className="text-right">
          <span className="block text-xs text-slate-700 dark:text-slate-300">Total</span>
          <span className="text-lg font-bold tabular-nums">{performance.performed ? formatScore(performance.total.score, 'total') : '—'}</span>
        </p>
      </div>
      {!performance.performed ? <p className="mt-2 text-sm italic">{performance.noScoreReason || 'Did not perform'}</p> : null}
      {performance.performed && view !== 'summary' ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {section.sheet.categories.map((category) => (
            <div key={category.key} className="flex justify-between gap-2">
              <dt className="min-w-0 break-words">{category.name}</dt>
              <dd className="tabular-nums">
                <ScoreValue value={lookup.category(category.key)} format="category" highlightWinner />
              </dd>
            </div>
          ))}
          <div className="flex justify-between gap-2">
            <dt>Sub Total</dt>
            <dd className="tabular-nums">
              <ScoreValue value={performance.subtotal} format="total" />
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt>Penalties</dt>
            <dd className="tabular-nums">{formatScore(performance.penalty, 'penalty')}</dd>
          </div>
        </dl>
      ) : null}
      {performance.performed ? (
        <details className="mt-3" open={view === 'full'}>
          <summary className="cursor-pointer text-sm font-medium">Breakdown by caption and judge</summary>
          <div className="mt-2 space-y-3">
            {section.sheet.categories.map((category) => (
              <section key={category.key} aria-label={category.name}>
                <h4 className="flex justify-between text-sm font-semibold">
                  <span>{category.name}</span>
                  <ScoreValue value={lookup.category(category.key)} format="category" highlightWinner />
                </h4>
                {category.captions.map((caption) => (
                  <table key={caption.key} className="data-table mt-1 text-xs">
                    <caption className="!py-1 text-xs">
                      {caption.name}
                      {judgeName(caption.judge) ? ` — ${judgeName(caption.judge)}` : ''}
                    </caption>
                    <thead className="sr-only">
                      <tr>
                        <th scope="col">Line</th>
                        <th scope="col">Score and rank</th>
                      </tr>
                    </thead>
                    <tbody>
                      {caption.subcaptions.map((line) => {
                        const value = lookup.subcaption(caption.key, line.key);
                        return (
                          <tr key={line.key}>
                            <th scope="row" className="font-normal">
                              {line.name}
                            </th>
                            <td className={`num ${value?.rank === 1 ? winnerCellClass : ''}`}>
                              <ScoreValue value={value} format="subcaption" highlightWinner />
                            </td>
                          </tr>
                        );
                      })}
                      <tr>
                        <th scope="row">{caption.weighted ? 'Total (factored)' : 'Total'}</th>
                        <td className={`num ${lookup.caption(caption.key)?.rank === 1 ? winnerCellClass : ''}`}>
                          <ScoreValue value={lookup.caption(caption.key)} format="caption" highlightWinner />
                        </td>
                      </tr>
                    </tbody>
                  </table>
                ))}
              </section>
            ))}
          </div>
        </details>
      ) : null}
    </article>
  );
}
