import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { JudgeSheet } from '../../../lib/api-models';
import { LocalDate } from '../../../components/local-date-time';
import { formatScore } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';
import { RankBeside } from './rank-beside';
import { ScrollRegion } from '../../../components/more-columns';

/** One caption sheet of the judge: each group's number and rank from them beside the final result (and the partner's). */
export function JudgeSheetTable({ sheet, seasonId, id }: { sheet: JudgeSheet; seasonId: number; id: string }) {
  return (
    <section aria-labelledby={id} className="my-6">
      <h3 id={id} className="font-semibold">
        <LocalDate iso={sheet.competition.date} /> ·{' '}
        <Link className="link" to={paths.recap.href(sheet.competition.guid, { view: 'full' })}>
          {sheet.competition.eventName} · {sheet.competition.name}
        </Link>
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {[sheet.division.name, sheet.round.name, `${sheet.category}: ${sheet.caption.name}`]
          .filter(Boolean)
          .join(' · ')}
        {sheet.doubled ? ' · doubled panel' : ''}
        {sheet.partner ? (
          <>
            {' with '}
            <Link className="link" to={paths.judgeSeason.href(sheet.partner, seasonId)}>
              {sheet.partner}
            </Link>
          </>
        ) : null}
      </p>
      <ScrollRegion
        aria-label={`${sheet.caption.name}, ${sheet.competition.eventName}, ${`${sheet.division.name} ${sheet.round.name}`.trim()}`}
      >
        <table className="data-table first-column-sticky">
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col" className="num">
                Score
              </th>
              <th scope="col" className="num">
                Rank
              </th>
              <th scope="col" className="num">
                Final rank
              </th>
              <th scope="col" className="num">
                Total
              </th>
              <th scope="col" className="num">
                Panel rank
              </th>
              {sheet.doubled ? (
                <>
                  <th scope="col" className="num">
                    Partner score
                  </th>
                  <th scope="col" className="num">
                    Partner rank
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.map((row) => (
              <tr key={`${row.group.orgGroupIdentifier}:${row.group.name}`}>
                <th scope="row" className="font-normal">
                  <Link className="link" to={paths.group.href(row.group, seasonId)}>
                    {row.group.name}
                  </Link>
                </th>
                <td className="num">{formatScore(row.score, 'caption')}</td>
                <RankBeside rank={row.rank} against={row.final.rank} againstName="final rank" />
                <td className="num">{formatRank(row.final.rank)}</td>
                <td className="num">{formatScore(row.final.score, 'total')}</td>
                {/* the panel: the caption's category, every judge of it together */}
                <td className="num">{formatRank(row.panel.rank)}</td>
                {sheet.doubled ? (
                  <>
                    <td className="num">{formatScore(row.partner?.score, 'caption')}</td>
                    <td className="num">{formatRank(row.partner?.rank)}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
