import { formatScore } from '../../../../domain/scores';
import type { HeadToHeadMeeting } from '../../../lib/api-models';
import { LocalDate } from '../../../components/local-date-time';
import { totalMargins } from '../utils/margins';
import { ScrollRegion } from '../../../components/more-columns';

/** The first group's total minus each other group's, meeting by meeting: who is closing the gap. */
export function MarginTrendTable({ meetings, names }: { meetings: HeadToHeadMeeting[]; names: string[] }) {
  const others = names.slice(1).map((name, index) => ({ name, margins: totalMargins(meetings, index + 1) }));
  return (
    <ScrollRegion aria-labelledby="trend-caption">
      <table className="data-table">
        <caption id="trend-caption">{`${names[0]}'s total margin over the season`}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Competition</th>
            {others.map(({ name }, index) => (
              <th key={index} scope="col" className="num">
                over {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {meetings.map((meeting, row) => (
            <tr key={row}>
              <td className="whitespace-nowrap">
                <LocalDate iso={meeting.competition.date} />
              </td>
              <th scope="row" className="font-normal">
                {meeting.competition.eventName} · {`${meeting.division.name} ${meeting.round.name}`.trim()}
              </th>
              {others.map(({ margins }, index) => (
                <td key={index} className="num">
                  {margins[row] === null ? '—' : `${margins[row] > 0 ? '+' : ''}${formatScore(margins[row], 'total')}`}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
