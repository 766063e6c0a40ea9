import { useQuery } from '@tanstack/react-query';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { entriesScheduleQueryOptions } from '../../features/setup/api/get-schedule';
import { CritiquePage } from '../../features/critique/components/critique-page';
import type { Me } from '../../lib/signed-in/get-me';
import { parseGuid } from '../route-error';
import { CompetitionPage } from './competition-page';

/**
 * `/manage/competitions/<guid>/critique`: each division and round's critique schedule by station, printable one
 * station a page, for the tabulator and the judges (`read`); opened, changed and closed with `set-up`.
 */
export default function ManageCritiqueRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <CompetitionPage
      guid={guid}
      title="Critique"
      permission="read"
      refusal={{
        title: 'Critique is for the circuit’s people',
        text: "The tabulator opens critique and the judges read its schedule; a group's director signs up on the group's own pages.",
      }}
      hosted={{
        title: 'Critique is on the hosted service',
        text: 'These results come from the hosted CompetitionSuite service: critique is opened and signed up for there, not in this app.',
      }}
    >
      {(me) => <Critique me={me} guid={guid} />}
    </CompetitionPage>
  );
}

function Critique({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  const competitionId = summary.data?.body.competition.id ?? null;
  const entries = useQuery({ ...entriesScheduleQueryOptions(competitionId ?? 0), enabled: competitionId !== null });
  return <CritiquePage me={me} summary={summary} entries={entries} />;
}
