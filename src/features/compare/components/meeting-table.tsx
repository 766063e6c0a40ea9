import { Link } from 'react-router';
import { formatScore } from '../../../../domain/scores';
import { paths } from '../../../config/paths';
import type { HeadToHeadMeeting } from '../../../lib/api-models';
import { LocalDate } from '../../../components/local-date-time';
import { formatRank } from '../../../lib/format';
import { wonBy } from '../utils/margins';
import { ScrollRegion } from '../../../components/more-columns';

/** One shared division and round: each caption side by side, who won it and by how much, then the totals. */
export function MeetingTable({ meeting, names, id }: { meeting: HeadToHeadMeeting; names: string[]; id: string }) {
  const total = wonBy(meeting.totals);
  const place = `${meeting.division.name} ${meeting.round.name}`.trim();
  return (
    <section aria-labelledby={id} className="my-6">
      <h3 id={id} className="font-semibold">
        <LocalDate iso={meeting.competition.date} /> ·{' '}
        <Link className="link" to={paths.recap.href(meeting.competition.guid)}>
          {meeting.competition.eventName} · {meeting.competition.name}
        </Link>
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{place}</p>
      <ScrollRegion aria-label={`${meeting.competition.eventName}, ${place}`}>
        <table className="data-table first-column-sticky">
          <thead>
            <tr>
              <th scope="col">Caption</th>
              {names.map((name, index) => (
                <th key={index} scope="col" className="num">
                  {name}
                </th>
              ))}
              <th scope="col">Won by</th>
              <th scope="col" className="num">
                Margin
              </th>
            </tr>
          </thead>
          <tbody>
            {meeting.captions.map((caption, row) => {
              const won = wonBy(caption.scores);
              return (
                <tr key={row}>
                  <th scope="row" className="font-normal">
                    {caption.category === caption.name ? caption.name : `${caption.category}: ${caption.name}`}
                    {/* A doubled panel's two captions of one name, told apart by their judges. */}
                    {caption.judge &&
                    meeting.captions.some(
                      (other) =>
                        other !== caption && other.category === caption.category && other.name === caption.name,
                    )
                      ? ` (${caption.judge})`
                      : ''}
                  </th>
                  {caption.scores.map((scored, index) => (
                    <td key={index} className={`num ${won.winner === index ? 'font-bold' : ''}`}>
                      {scored ? `${formatScore(scored.score, 'caption')} (${formatRank(scored.rank)})` : '—'}
                    </td>
                  ))}
                  <td>
                    {won.winner === null
                      ? caption.scores.filter(Boolean).length > 1
                        ? 'Tie'
                        : '—'
                      : names[won.winner]}
                  </td>
                  <td className="num">{won.winner === null ? '—' : formatScore(won.margin, 'caption')}</td>
                </tr>
              );
            })}
            <tr className="font-semibold">
              <th scope="row">Total (placement)</th>
              {meeting.totals.map((scored, index) => (
                <td key={index} className={`num ${total.winner === index ? 'font-bold' : ''}`}>
                  {scored ? `${formatScore(scored.score, 'total')} (${formatRank(scored.rank)})` : 'Not here'}
                </td>
              ))}
              <td>{total.winner === null ? 'Tie' : names[total.winner]}</td>
              <td className="num">{total.winner === null ? '—' : formatScore(total.margin, 'total')}</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
