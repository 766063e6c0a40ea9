import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { JudgeSheet } from '../../../lib/api-models';
import { LocalDate } from '../../../components/local-date-time';
import { formatScore } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';
import { groupTrail, trailGroups } from '../utils/judge-stats';
import { RankBeside } from './rank-beside';
import { ScrollRegion } from '../../../components/more-columns';

interface GroupTrailProps {
  sheets: JudgeSheet[];
  /** the trail's group key from the URL (`?group=`), or null */
  chosen: string | null;
  onChoose: (key: string) => void;
}

/** One group's numbers from this judge at each contest in order: did the marks move with the group? */
export function GroupTrail({ sheets, chosen, onChoose }: GroupTrailProps) {
  const groups = trailGroups(sheets);
  const shown = groups.find((group) => group.key === chosen);
  const steps = shown ? groupTrail(sheets, shown.key) : [];
  return (
    <>
      <label className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Group</span>
        <select
          className="rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
          value={shown?.key ?? ''}
          onChange={(event) => onChoose(event.target.value)}
        >
          <option value="">Choose a group</option>
          {groups.map((group) => (
            <option key={group.key} value={group.key}>
              {group.name} ({group.times})
            </option>
          ))}
        </select>
      </label>
      {shown ? (
        <ScrollRegion aria-labelledby="trail-caption">
          <table className="data-table">
            <caption id="trail-caption">{`${shown.name}: this judge's numbers in order`}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Competition</th>
                <th scope="col">Caption</th>
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
              </tr>
            </thead>
            <tbody>
              {steps.map(({ sheet, row }) => (
                <tr
                  key={`${sheet.competition.guid}:${sheet.division.name}:${sheet.round.number}:${sheet.category}:${sheet.caption.name}`}
                >
                  <td className="whitespace-nowrap">
                    <LocalDate iso={sheet.competition.date} />
                  </td>
                  <th scope="row" className="font-normal">
                    <Link className="link" to={paths.recap.href(sheet.competition.guid, { view: 'full' })}>
                      {sheet.competition.eventName}
                    </Link>{' '}
                    · {sheet.division.name} · {sheet.round.name}
                  </th>
                  <td>{sheet.caption.name}</td>
                  <td className="num">{formatScore(row.score, 'caption')}</td>
                  <RankBeside rank={row.rank} against={row.final.rank} againstName="final rank" />
                  <td className="num">{formatRank(row.final.rank)}</td>
                  <td className="num">{formatScore(row.final.score, 'total')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </>
  );
}
