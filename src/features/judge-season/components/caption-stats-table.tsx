import { formatScore } from '../../../../domain/scores';
import { ScrollRegion } from '../../../components/more-columns';
import type { CaptionStats } from '../utils/judge-stats';

const share = ({ agreed, compared }: { agreed: number; compared: number }) =>
  compared === 0 ? '—' : `${agreed} of ${compared} (${Math.round((agreed / compared) * 100)}%)`;
const difference = (value: number | null) => (value === null ? '—' : value.toFixed(2).replace(/\.?0+$/, ''));

/** Per caption: how the judge's ranks agreed with the final and the panel partner's, and their score spread. */
export function CaptionStatsTable({ stats }: { stats: CaptionStats[] }) {
  return (
    <ScrollRegion aria-labelledby="caption-stats-caption">
      <table className="data-table first-column-sticky">
        <caption id="caption-stats-caption" className="sr-only">
          By caption
        </caption>
        <thead>
          <tr>
            <th scope="col">Caption</th>
            <th scope="col" className="num">
              Sheets
            </th>
            <th scope="col" className="num">
              Rank agreed with final
            </th>
            <th scope="col" className="num">
              Rank agreed with partner
            </th>
            <th scope="col" className="num">
              Mean rank difference
            </th>
            <th scope="col" className="num">
              Largest rank difference
            </th>
            <th scope="col" className="num">
              Lowest score
            </th>
            <th scope="col" className="num">
              Highest score
            </th>
            <th scope="col" className="num">
              Mean score
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.map((caption) => (
            <tr key={caption.caption}>
              <th scope="row">{caption.caption}</th>
              <td className="num">{caption.sheets}</td>
              <td className="num whitespace-nowrap">{share(caption.agreesWithFinal)}</td>
              <td className="num whitespace-nowrap">{share(caption.agreesWithPartner)}</td>
              <td className="num">{difference(caption.meanRankDifference)}</td>
              <td className="num">{difference(caption.largestRankDifference)}</td>
              <td className="num">{formatScore(caption.spread.lowest, 'caption')}</td>
              <td className="num">{formatScore(caption.spread.highest, 'caption')}</td>
              <td className="num">{formatScore(caption.spread.mean, 'caption')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
