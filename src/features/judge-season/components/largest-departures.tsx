import { Link, useSearchParams } from 'react-router';
import type { JudgeSheet } from '../../../lib/api-models';
import { LocalDate } from '../../../components/local-date-time';
import { formatRank } from '../../../lib/format';
import { ScrollRegion } from '../../../components/more-columns';
import { largestDepartures } from '../utils/judge-stats';

/**
 * The judge's largest departures of the season, first on their page: each row where their rank parted from the
 * group's final rank or their panel's, with the show, division, group, the three ranks, and a link to the sheet on the
 * page that lists it (`pageSize` sheets a page). Before, a judge scrolled fifteen sheets over two pages for them.
 */
export function LargestDepartures({ sheets, pageSize }: { sheets: JudgeSheet[]; pageSize: number }) {
  const [searchParams] = useSearchParams();
  const departures = largestDepartures(sheets);
  if (departures.length === 0)
    return <p className="text-sm">Every rank this judge gave was the group&apos;s final rank and its panel&apos;s.</p>;
  const sheetHref = (index: number) => {
    const next = new URLSearchParams(searchParams);
    const page = Math.floor(index / pageSize) + 1;
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    return `?${next.toString()}#sheet-${index}`;
  };
  return (
    <ScrollRegion aria-labelledby="departures-caption">
      <table className="data-table first-column-sticky">
        <caption id="departures-caption" className="sr-only">
          Largest departures from the final and the panel&apos;s ranks, largest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Show</th>
            <th scope="col">Division</th>
            <th scope="col">Caption</th>
            <th scope="col" className="num">
              My rank
            </th>
            <th scope="col" className="num">
              Final rank
            </th>
            <th scope="col" className="num">
              Panel rank
            </th>
          </tr>
        </thead>
        <tbody>
          {departures.map(({ sheetIndex, sheet, row }) => (
            <tr key={`${sheetIndex}:${row.group.orgGroupIdentifier}:${row.group.name}`}>
              <th scope="row" className="font-normal">
                {row.group.name}
              </th>
              <td>
                <Link className="link" to={sheetHref(sheetIndex)}>
                  {sheet.competition.eventName}
                </Link>{' '}
                <span className="block text-xs whitespace-nowrap text-slate-700 dark:text-slate-300">
                  <LocalDate iso={sheet.competition.date} />
                </span>
              </td>
              <td>{[sheet.division.name, sheet.round.name].filter(Boolean).join(' · ')}</td>
              <td>{sheet.caption.name}</td>
              <td className="num font-semibold">{formatRank(row.rank)}</td>
              <td className="num">{formatRank(row.final.rank)}</td>
              <td className="num">{formatRank(row.panel.rank)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
