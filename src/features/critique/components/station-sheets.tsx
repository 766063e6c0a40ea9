import { formatTime } from '../../../lib/dates';
import type { Critique } from '../api/get-critiques';
import { byStation } from '../utils/critique-form';

/**
 * A critique's schedule by station: on screen one table a station, printed one station a page (dark on white
 * whatever the theme: index.css `.critique-print`), for the judges at that station to read the groups off.
 */
export function StationSheets({ critique, title }: { critique: Critique; title: string }) {
  return (
    <div className="critique-print mt-3 grid gap-4 lg:grid-cols-2 print:block">
      {byStation(critique).map(({ station, lines }) => (
        <section
          key={station}
          aria-label={`${station} station`}
          className="break-after-page rounded border border-slate-300 p-3 last:break-after-auto dark:border-slate-600 print:border-0 print:p-0"
          data-testid="station-sheet"
        >
          <h4 className="font-semibold">
            {station} <span className="hidden print:inline">· {title}</span>
          </h4>
          <table className="data-table mt-1 w-full text-sm">
            <thead>
              <tr>
                <th scope="col" className="text-left">
                  Slot
                </th>
                <th scope="col" className="text-left">
                  Time
                </th>
                <th scope="col" className="text-left">
                  Group
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.slot}>
                  <td className="tabular-nums">{line.slot}</td>
                  <td className="tabular-nums">
                    {formatTime(line.startsAt)}–{formatTime(line.endsAt)}
                  </td>
                  <td>{line.group?.name ?? <span className="text-slate-700 dark:text-slate-300">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
