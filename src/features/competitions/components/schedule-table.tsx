import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { ScheduleEntry } from '../../../lib/api-models';
import { formatTime } from '../../../lib/dates';

/** The order of appearance: times in the viewer's time zone, "TBA" until set. Groups are linked by name (the schedule gives no circuit id). */
export function ScheduleTable({ entries, seasonId }: { entries: ScheduleEntry[]; seasonId: number }) {
  const ordered = [...entries].sort((a, b) => a.round.number - b.round.number || a.order - b.order);
  return (
    <table className="data-table">
      <caption>Performance order and times</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Group</th>
          <th scope="col">Division</th>
          <th scope="col">Round</th>
        </tr>
      </thead>
      <tbody>
        {ordered.map((entry) => (
          <tr key={entry.performanceId}>
            <td className="whitespace-nowrap tabular-nums">{entry.time ? <time dateTime={entry.time}>{formatTime(entry.time)}</time> : 'TBA'}</td>
            <th scope="row" className="font-normal">
              <Link className="link" to={paths.group.href({ name: entry.group.name, orgGroupIdentifier: '' }, seasonId)}>
                {entry.group.name}
              </Link>
              <span className="block text-xs text-slate-700 dark:text-slate-300">{entry.group.location}</span>
            </th>
            <td>
              <abbr title={entry.division.name} className="no-underline sm:hidden">
                {entry.division.initials}
              </abbr>
              <span className="hidden sm:inline">{entry.division.name}</span>
            </td>
            <td>{entry.round.name}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
