import { useQuery } from '@tanstack/react-query';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { DrawPage } from '../../features/setup/components/draw-page';
import type { Me } from '../../lib/signed-in/get-me';
import { parseGuid } from '../route-error';
import { CompetitionPage } from './competition-page';

/** `/manage/competitions/<guid>/draw`: each division and round's running order drawn by a rule (issue 40). */
export default function ManageDrawRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <CompetitionPage
      guid={guid}
      title="Draw"
      permission="set-up"
      refusal={{
        title: 'The draw is not for your role',
        text: 'Administrators and tabulators draw the running order; anyone can read the published draw.',
      }}
    >
      {(me) => <Draw me={me} guid={guid} />}
    </CompetitionPage>
  );
}

function Draw({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  return <DrawPage me={me} guid={guid} summary={summary} />;
}
