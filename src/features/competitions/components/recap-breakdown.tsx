import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import type { DivisionRoundScores, PerformanceScores } from '../utils/recap-types';
import { columnIds } from '../utils/recap-model';
import { judgeName, lookupPerformance } from '../utils/scores-lookup';
import { ScoreValue, winnerCellClass } from './score-value';

/** A group's numbers by category, caption (with its judge) and subcaption line, as the published recap prints them. */
export const RecapBreakdown = memo(function RecapBreakdown({
  sheet,
  performance,
}: {
  sheet: DivisionRoundScores['sheet'];
  performance: PerformanceScores;
}) {
  const lookup = useMemo(() => lookupPerformance(performance), [performance]);
  return (
    <div className="mt-2 space-y-3">
      {sheet.categories.map((category) => (
        <section key={category.key} aria-label={category.name}>
          <h4 className="flex justify-between text-sm font-semibold">
            <span>{category.name}</span>
            <ScoreValue
              value={lookup.category(category.key)}
              format="category"
              highlightWinner
              corrections={performance.corrected?.get(columnIds.category(category.key))}
            />
          </h4>
          {category.captions.map((caption) => (
            <table key={caption.key} className="data-table mt-1 text-xs">
              <caption className="!py-1 text-xs">
                {caption.name}
                {caption.judge && judgeName(caption.judge) ? (
                  <>
                    {' — '}
                    <Link className="link" to={caption.judge.href}>
                      {judgeName(caption.judge)}
                    </Link>
                  </>
                ) : null}
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
                        <ScoreValue
                          value={value}
                          format="subcaption"
                          highlightWinner
                          corrections={performance.corrected?.get(columnIds.line(caption.key, line.key))}
                        />
                      </td>
                    </tr>
                  );
                })}
                <tr>
                  <th scope="row">Total</th>
                  <td className={`num ${lookup.caption(caption.key)?.rank === 1 ? winnerCellClass : ''}`}>
                    <ScoreValue
                      value={lookup.caption(caption.key)}
                      format="caption"
                      highlightWinner
                      corrections={performance.corrected?.get(columnIds.caption(caption.key))}
                    />
                  </td>
                </tr>
              </tbody>
            </table>
          ))}
        </section>
      ))}
    </div>
  );
});
