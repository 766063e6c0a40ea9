import { Fragment } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { ScheduleEntry } from '../../../lib/api-models';
import { formatPlainDate, formatTime } from '../../../lib/dates';
import { scheduleRows } from '../utils/schedule-order';

/**
 * The order of appearance: rounds in order, each in start-time order across its divisions (utils/schedule-order),
 * with the date on the row where the day changes. Times in the viewer's time zone, "TBA" until set. Groups are
 * linked by name (the schedule gives no circuit id).
 */
export function ScheduleTable({ entries, seasonId }: { entries: ScheduleEntry[]; seasonId: number }) {
  const rows = scheduleRows(entries);
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
        {rows.map(({ entry, newDay }) => (
          <Fragment key={entry.performanceId}>
            {newDay && (
              <tr>
                <th scope="colgroup" colSpan={4} className="bg-slate-100 text-left font-semibold dark:bg-slate-800">
                  <time dateTime={newDay}>{formatPlainDate(newDay)}</time>
                </th>
              </tr>
            )}
            <tr>
              <td className="whitespace-nowrap tabular-nums">
                {entry.time ? <time dateTime={entry.time}>{formatTime(entry.time)}</time> : 'TBA'}
              </td>
              <th scope="row" className="font-normal">
                <Link
                  className="link"
                  to={paths.group.href({ name: entry.group.name, orgGroupIdentifier: '' }, seasonId)}
                >
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
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
