import { useQuery } from '@tanstack/react-query';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { SchedulePage } from '../../features/setup/components/schedule-page';
import type { Me } from '../../lib/signed-in/get-me';
import { parseGuid } from '../route-error';
import { CompetitionPage } from './competition-page';

/** `/manage/competitions/<guid>/schedule`: the day's schedule built from the running order, published as versions. */
export default function ManageScheduleRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <CompetitionPage
      guid={guid}
      title="Schedule"
      permission="set-up"
      refusal={{
        title: 'The schedule builder is not for your role',
        text: 'Administrators and tabulators build and publish the schedule; anyone can read the published one.',
      }}
    >
      {(me) => <Schedule me={me} guid={guid} />}
    </CompetitionPage>
  );
}

function Schedule({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  return <SchedulePage me={me} guid={guid} summary={summary} />;
}
