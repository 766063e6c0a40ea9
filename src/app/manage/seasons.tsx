import { Link } from 'react-router';
import { Notice } from '../../components/notice';
import { paths } from '../../config/paths';
import { can } from '../../lib/signed-in/get-me';
import { roleLabel, SessionGate } from '../../components/signed-in/session-gate';
import { SeasonForm } from '../../features/setup/components/seasons-form';
import { SeasonsList } from '../../features/setup/components/seasons-list';

/**
 * `/manage/seasons`: the organization's seasons, and for those whose role may set up a contest (`set-up`:
 * administrators and tabulators, as the API grants it) adding and changing them. Others read the list.
 */
export default function ManageSeasonsRoute() {
  return (
    <>
      <title>Seasons · Manage contests · Marching Results</title>
      <p className="text-sm">
        <Link to={paths.manage.href()} className="text-blue-900 underline dark:text-sky-300">
          Manage contests
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Seasons</h1>
      <SessionGate>
        {(me) => {
          const canWrite = can(me, 'set-up');
          return (
            <>
              {canWrite ? (
                <section aria-labelledby="add-season-heading" className="mt-4">
                  <h2 id="add-season-heading" className="text-lg font-semibold">
                    Add a season
                  </h2>
                  <SeasonForm />
                </section>
              ) : (
                <Notice>
                  Only an administrator or a tabulator can add or change seasons; you are signed in as {roleLabel(me)}.
                </Notice>
              )}
              <section aria-labelledby="seasons-heading" className="mt-6">
                <h2 id="seasons-heading" className="text-lg font-semibold">
                  The organization’s seasons
                </h2>
                <SeasonsList canWrite={canWrite} />
              </section>
            </>
          );
        }}
      </SessionGate>
    </>
  );
}
