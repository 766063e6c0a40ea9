import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import type { Me } from '../../lib/signed-in/get-me';
import { SessionGate } from '../../components/signed-in/session-gate';
import { createMatcher } from '../../features/search/utils/match';
import { EntriesPage } from '../../features/setup/components/entries-page';
import { parseGuid } from '../route-error';
import { managePaths } from '../../config/manage-paths';

/**
 * `/manage/competitions/<guid>/entries`: registration, and the running order and times (issue 27 set-up). Groups are
 * found with the banner's search matcher, composed here (decision 095).
 */
export default function ManageEntriesRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <>
      <title>Entries · Manage contests · Marching Results</title>
      <p className="text-sm">
        <Link to={paths.manage.href()} className="text-blue-900 underline dark:text-sky-300">
          Manage contests
        </Link>{' '}
        ·{' '}
        <Link to={managePaths.events.href()} className="text-blue-900 underline dark:text-sky-300">
          Events
        </Link>
      </p>
      <SessionGate>{(me) => <Entries me={me} guid={guid} />}</SessionGate>
    </>
  );
}

function Entries({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  return <EntriesPage me={me} guid={guid} summary={summary} makeMatcher={createMatcher} />;
}
