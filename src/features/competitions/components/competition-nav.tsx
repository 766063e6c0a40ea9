import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-block border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-blue-800 text-blue-900 dark:border-sky-300 dark:text-sky-200' : 'border-transparent hover:border-slate-400'}`;

/** Recap, schedule and judges of one competition. */
export function CompetitionNav({ competitionGuid }: { competitionGuid: string }) {
  return (
    <nav aria-label="Competition" className="my-3 border-b print:hidden border-slate-300 dark:border-slate-700">
      <ul className="flex gap-1">
        <li>
          <NavLink end to={paths.recap.href(competitionGuid)} className={tabClass}>
            Recap
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.schedule.href(competitionGuid)} className={tabClass}>
            Schedule
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.recapJudges.href(competitionGuid)} className={tabClass}>
            Judges
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
