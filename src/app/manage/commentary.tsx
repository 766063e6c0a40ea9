import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { Notice } from '../../components/notice';
import { LoadFailure } from '../../components/signed-in/load-failure';
import { PageSkeleton } from '../../components/skeleton';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { commentaryQueryOptions } from '../../features/manage/api/get-commentary';
import { useConsoleStream } from '../../features/manage/api/use-console-stream';
import { CONSOLE_FALLBACK_POLL_MS } from '../../features/manage/api/keys';
import { placesOf } from '../../features/manage/components/commentary-actions';
import { CommentaryDialog, type SlotTarget } from '../../features/manage/components/commentary-dialog';
import { CommentarySectionView } from '../../features/manage/components/commentary-section';
import { Freshness } from '../../features/manage/components/freshness';
import { commentarySections } from '../../features/manage/utils/commentary-model';
import { can, type Me } from '../../lib/signed-in/get-me';
import { parseGuid } from '../route-error';
import { useCommentaryEnabled } from './use-commentary-enabled';
import { CompetitionPage } from './competition-page';

/** `/manage/competitions/<guid>/commentary`: hear, check, file and release the judges' commentary (issue 38). */
export default function ManageCommentaryRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <CompetitionPage
      guid={guid}
      title="Commentary"
      permission="listen-commentary"
      refusal={{
        title: "The judges' commentary is not for your role here",
        text: 'Tabulators and administrators check and release it; a chief judge may listen.',
      }}
    >
      {(me) => <Commentary me={me} guid={guid} />}
    </CompetitionPage>
  );
}

function Commentary({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  const competitionId = summary.data?.body.competition.id ?? null;
  const enabled = competitionId !== null;
  const recorded = useCommentaryEnabled(
    summary.data ? { seasonId: summary.data.body.season.id, eventId: summary.data.body.event.id } : null,
  );
  // Every commentary write is an audit entry: the console's stream of changes says when to read again.
  const stream = useConsoleStream(competitionId);
  const commentary = useQuery({
    ...commentaryQueryOptions(competitionId ?? 0),
    enabled,
    refetchInterval: stream === 'live' ? false : CONSOLE_FALLBACK_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const sections = useMemo(() => (commentary.data ? commentarySections(commentary.data.body) : []), [commentary.data]);
  const places = useMemo(() => placesOf(sections), [sections]);
  const [target, setTarget] = useState<SlotTarget | null>(null);
  // The dialog follows the page's reads: a verify or a move shows in it as soon as the list has it.
  const shown = target
    ? (() => {
        const section = sections.find((candidate) => candidate.name === target.sectionName);
        const row = section?.rows.find((candidate) => candidate.performanceId === target.row.performanceId);
        const cell = row?.cells.find((candidate) => candidate.captionKey === target.cell.captionKey);
        return row && cell ? { ...target, row, cell } : target;
      })()
    : null;

  if (summary.isPending || (enabled && commentary.isPending)) return <PageSkeleton rows={8} />;
  const failure = summary.error ?? (commentary.data ? null : commentary.error);
  if (failure) return <LoadFailure failure={failure} what="The commentary" organization={me.organization.name} />;
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );
  const body = summary.data!.body;
  const off = recorded === false;
  return (
    <>
      <h1 className="text-2xl font-bold">{body.competition.name}: commentary</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {body.event.name} · released commentary is heard by the circuit's signed-in people, never by fans
      </p>
      <Freshness
        updatedAt={commentary.dataUpdatedAt}
        failed={commentary.isRefetchError}
        stream={stream}
        live="uploads, checks and releases show as they happen"
        what="the commentary below is"
      />
      {off ? (
        <Notice tone="info">
          {body.event.name} does not record commentary: the judges' tablets offer no recording. An administrator or a
          tabulator turns it on in the event's settings (Events).
        </Notice>
      ) : null}
      {sections.length === 0 ? (
        <EmptyState title="No performances yet">
          Divisions and rounds appear here once groups are registered.
        </EmptyState>
      ) : (
        <>
          <nav aria-label="Divisions and rounds" className="my-3">
            <ul className="flex flex-wrap gap-2 text-sm">
              {sections.map((section) => (
                <li key={section.key}>
                  <a
                    href={`#commentary-${section.key}`}
                    className="block rounded border border-slate-300 px-2 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                  >
                    {section.name}: {section.counts.verified + section.counts.uploaded}/
                    {section.rows.length * (section.rows[0]?.cells.length ?? 0)}
                    {section.release.released ? ' · released' : ''}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {sections.map((section) => (
            <CommentarySectionView
              key={section.key}
              competitionId={competitionId}
              section={section}
              canRelease={can(me, 'release')}
              onOpen={(row, cell) => setTarget({ sectionName: section.name, row, cell })}
            />
          ))}
        </>
      )}
      {shown ? (
        <CommentaryDialog
          competitionId={competitionId}
          target={shown}
          places={places}
          canManage={can(me, 'manage-commentary')}
          onClose={() => setTarget(null)}
        />
      ) : null}
    </>
  );
}
