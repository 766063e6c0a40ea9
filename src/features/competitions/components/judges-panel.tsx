import { Link } from 'react-router';
import type { DivisionRoundScores } from '../utils/recap-types';
import { formatScore } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';
import { buildJudgeComparisons, type JudgeComparison } from '../utils/judges-model';

const differsClass = 'bg-amber-100 font-bold dark:bg-amber-900/60';

/** Every judge of one division/round beside the final ranks; doubled panels also beside their panel. */
export function JudgesPanel({ section }: { section: DivisionRoundScores }) {
  const comparisons = buildJudgeComparisons(section);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {comparisons.map((comparison) => (
        <JudgeTable key={comparison.captionKey} comparison={comparison} />
      ))}
    </div>
  );
}

function JudgeTable({ comparison }: { comparison: JudgeComparison }) {
  const title = `${comparison.captionName}${comparison.judge ? ` — ${comparison.judge}` : ''}`;
  const judge =
    comparison.judge && comparison.judgeHref ? (
      <Link className="link" to={comparison.judgeHref}>
        {comparison.judge}
      </Link>
    ) : (
      comparison.judge
    );
  return (
    <section aria-label={title} className="min-w-0">
      <div className="relative overflow-x-auto">
        <table className="data-table">
          <caption>
            <span className="block">
              {comparison.captionName}
              {judge ? <> — {judge}</> : null}
            </span>
            <span className="block text-xs font-normal">
              {comparison.categoryName}
              {comparison.doubled ? ' · doubled panel' : ''} · ranked {comparison.disagreements} of{' '}
              {comparison.rows.length} groups differently from the final result
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Final rank
              </th>
              <th scope="col">Group</th>
              <th scope="col" className="num">
                Judge score
              </th>
              <th scope="col" className="num">
                Judge rank
              </th>
              {comparison.doubled ? (
                <>
                  <th scope="col" className="num">
                    Panel score
                  </th>
                  <th scope="col" className="num">
                    Panel rank
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr key={row.group.href}>
                <td className="num">{formatRank(row.finalRank)}</td>
                <th scope="row" className="font-normal">
                  <Link className="link" to={row.group.href}>
                    {row.group.name}
                  </Link>
                </th>
                <td className="num">{formatScore(row.caption?.score, 'caption')}</td>
                <td className={`num ${row.differsFromFinal ? differsClass : ''}`}>
                  {formatRank(row.caption?.rank)}
                  {row.differsFromFinal ? (
                    <>
                      <span aria-hidden="true"> ≠</span>
                      <span className="sr-only"> (differs from final rank {formatRank(row.finalRank)})</span>
                    </>
                  ) : null}
                </td>
                {comparison.doubled ? (
                  <>
                    <td className="num">{formatScore(row.panel?.score, 'category')}</td>
                    <td className={`num ${row.differsFromPanel ? differsClass : ''}`}>
                      {formatRank(row.panel?.rank)}
                      {row.differsFromPanel ? (
                        <>
                          <span aria-hidden="true"> ≠</span>
                          <span className="sr-only"> (judge ranked {formatRank(row.caption?.rank)})</span>
                        </>
                      ) : null}
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
