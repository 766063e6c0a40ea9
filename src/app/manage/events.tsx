import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { can } from '../../lib/signed-in/get-me';
import { roleLabel, SessionGate } from '../../components/signed-in/session-gate';
import { EventsList } from '../../features/setup/components/events-list';

/** `/manage/events`: a season's events and their competitions (rounds, date and time), set up by the circuit. */
export default function ManageEventsRoute() {
  return (
    <>
      <title>Events · Manage contests · Marching Results</title>
      <p className="text-sm">
        <Link to={paths.manage.href()} className="text-blue-900 underline dark:text-sky-300">
          Manage contests
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Events and competitions</h1>
      <SessionGate>
        {(me) => (
          <>
            {can(me, 'set-up') ? null : (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                Read only: as {roleLabel(me)} you see the events; administrators and tabulators set them up.
              </p>
            )}
            <EventsList canWrite={can(me, 'set-up')} />
          </>
        )}
      </SessionGate>
    </>
  );
}
