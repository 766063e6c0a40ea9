import { formatScore } from '../../../../domain/scores';
import type { AwardsSection } from '../api/get-awards';
import { announcingOrder, ordinal, sectionKey, sectionLabel } from '../utils/awards-model';

/**
 * The awards as paper, for the announcer's hand or the wall: every released division and round, each on a page of
 * its own, every placement last place first as they are read out. Shown only in print (the stage is screen only);
 * dark on white whatever the screen's theme (index.css `.awards-print`).
 */
export function AwardsSheet({ title, sections }: { title: string; sections: readonly AwardsSection[] }) {
  return (
    <section aria-label="Awards sheet" className="awards-print hidden print:block">
      {sections.map((section) => (
        <div key={sectionKey(section)} className="break-after-page last:break-after-auto">
          <p className="text-sm">Awards: {title}</p>
          <table className="data-table mt-2">
            <caption className="text-2xl">{sectionLabel(section)}</caption>
            <thead>
              <tr>
                <th scope="col">Place</th>
                <th scope="col">Group</th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {announcingOrder(section.placements).map((placement) => (
                <tr key={placement.performanceId}>
                  <td>
                    {ordinal(placement.rank)}
                    {placement.tied ? ' (tied)' : ''}
                  </td>
                  <th scope="row">{placement.group.name}</th>
                  <td className="num">{formatScore(placement.total, 'total')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
