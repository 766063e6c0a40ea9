import { useQuery } from '@tanstack/react-query';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { RegistrationPage } from '../../features/setup/components/registration-page';
import type { Me } from '../../lib/signed-in/get-me';
import { parseGuid } from '../route-error';
import { CompetitionPage } from './competition-page';

/** `/manage/competitions/<guid>/registration`: opening registration, and deciding the groups' requests. */
export default function ManageRegistrationRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <CompetitionPage
      guid={guid}
      title="Registration"
      permission="set-up"
      refusal={{
        title: 'Registration is not for your role',
        text: "Administrators and tabulators open registration and decide the groups' requests.",
      }}
      hosted={{
        title: 'Registration is on the hosted service',
        text: 'These results come from the hosted CompetitionSuite service: circuits open registration and groups register there, not in this app.',
      }}
    >
      {(me) => <Registration me={me} guid={guid} />}
    </CompetitionPage>
  );
}

function Registration({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  return <RegistrationPage me={me} guid={guid} summary={summary} />;
}
