import { LoadFailure } from '../../components/signed-in/load-failure';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Notice } from '../../components/notice';
import { PageSkeleton } from '../../components/skeleton';
import { paths } from '../../config/paths';
import { competitionScheduleQueryOptions } from '../../features/competitions/api/get-competition-schedule';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { RecapViews } from '../../features/competitions/components/recap-views';
import { auditQueryOptions } from '../../features/manage/api/get-audit';
import { useConsoleStream } from '../../features/manage/api/use-console-stream';
import { CONSOLE_FALLBACK_POLL_MS } from '../../features/manage/api/keys';
import { can, type Me } from '../../lib/signed-in/get-me';
import { previewQueryOptions } from '../../features/manage/api/get-preview';
import { progressQueryOptions } from '../../features/manage/api/get-progress';
import { problemText } from '../../lib/signed-in/problems';
import { AuditTrail } from '../../features/manage/components/audit-trail';
import { ConsoleGrid, GridLegend } from '../../features/manage/components/console-grid';
import { CorrectionDialog, type CorrectionTarget } from '../../features/manage/components/correction-dialog';
import { Freshness } from '../../features/manage/components/freshness';
import { backupStatusQueryOptions } from '../../features/manage/api/get-backup-status';
import { BackupLine } from '../../features/manage/components/backup-status';
import { PerformanceDialog } from '../../features/manage/components/performance-dialog';
import { SectionControls } from '../../features/manage/components/section-controls';
import { roleLabel, SessionGate } from '../../components/signed-in/session-gate';
import { buildGrid, type GridRow } from '../../features/manage/utils/grid-model';
import { recapFromPreview } from '../../features/competitions/utils/recap-from-preview';
import { parseGuid } from '../route-error';
import { useCommentaryEnabled } from './use-commentary-enabled';
import { managePaths } from '../../config/manage-paths';

/** `/manage/competitions/<guid>`: the tabulator's console, open all show long (issue 27). */
export default function ManageCompetitionRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <>
      <title>Console · Marching Results</title>
      <p className="text-sm">
        <Link to={paths.manage.href()} className="text-blue-900 underline dark:text-sky-300">
          Manage contests
        </Link>
      </p>
      <SessionGate>{(me) => <Console me={me} guid={guid} />}</SessionGate>
    </>
  );
}

function Console({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  const competitionId = summary.data?.body.competition.id ?? null;
  const id = competitionId ?? 0;
  const enabled = competitionId !== null;
  // Pushed: the reads are asked again when the stream says so; on a timer only while it is not open (decision 101).
  const stream = useConsoleStream(competitionId);
  const polling = {
    refetchInterval: stream === 'live' ? false : CONSOLE_FALLBACK_POLL_MS,
    refetchIntervalInBackground: false,
  } as const;
  const progress = useQuery({ ...progressQueryOptions(id), ...polling, enabled });
  const preview = useQuery({ ...previewQueryOptions(id), ...polling, enabled });
  const audit = useQuery({ ...auditQueryOptions(id), ...polling, enabled: enabled && can(me, 'read-audit') });
  const schedule = useQuery({ ...competitionScheduleQueryOptions(guid, id), enabled });
  const backups = useQuery({ ...backupStatusQueryOptions(), enabled: can(me, 'read-backups') });
  // The commentary's page is offered where the event records it (never on the hosted service, which has none).
  const commentaryOn =
    useCommentaryEnabled(
      summary.data ? { seasonId: summary.data.body.season.id, eventId: summary.data.body.event.id } : null,
      can(me, 'listen-commentary'),
    ) === true;
  const [correcting, setCorrecting] = useState<(CorrectionTarget & { released: boolean }) | null>(null);
  const [editing, setEditing] = useState<{ row: GridRow; released: boolean } | null>(null);

  const grid = useMemo(
    () =>
      buildGrid({
        progress: progress.data?.body.data ?? [],
        preview: preview.data?.body.data ?? [],
        schedule: schedule.data?.body ?? null,
        audit: audit.data?.body.data ?? [],
      }),
    [progress.data, preview.data, schedule.data, audit.data],
  );
  const performances = useMemo(
    () =>
      new Map(
        grid.flatMap((section) =>
          section.rows.map(
            (row) => [row.performanceId, { group: row.group, divisionId: section.division.id }] as const,
          ),
        ),
      ),
    [grid],
  );
  const previewSections = useMemo(() => {
    const body = summary.data?.body;
    if (!body || !preview.data) return [];
    const awaitingScores = new Set(
      (progress.data?.body.data ?? []).flatMap((section) => section.captions.flatMap((caption) => caption.missing)),
    );
    return recapFromPreview(
      preview.data.body.data.filter((section) => !section.released),
      { seasonId: body.season.id, competitionGuid: guid, awaitingScores },
    );
  }, [preview.data, progress.data, summary.data, guid]);

  if (summary.isPending || (enabled && (progress.isPending || preview.isPending))) return <PageSkeleton rows={8} />;
  const failure = summary.error ?? (progress.data ? null : progress.error) ?? (preview.data ? null : preview.error);
  if (failure) return <LoadFailure failure={failure} what="The console" organization={me.organization.name} />;
  const body = summary.data!.body;
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );

  const canCorrect = can(me, 'enter-scores');
  const canPenalize = can(me, 'enter-penalties');
  const canSetPerformed = can(me, 'set-up');
  const divisions = [...new Map(grid.map((section) => [section.division.id, section.division])).values()];
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{body.competition.name}: console</h1>
        {can(me, 'set-up') ? (
          <Link to={managePaths.panel.href(guid)} className="text-sm text-blue-900 underline dark:text-sky-300">
            Panel
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {body.event.name} · {roleLabel(me)} ·{' '}
        <Link to={paths.recap.href(guid)} className="text-blue-900 underline dark:text-sky-300">
          Fans' recap page
        </Link>{' '}
        ·{' '}
        <Link to={managePaths.entries.href(guid)} className="text-blue-900 underline dark:text-sky-300">
          Entries
        </Link>{' '}
        ·{' '}
        <Link to={managePaths.critique.href(guid)} className="text-blue-900 underline dark:text-sky-300">
          Critique
        </Link>
        {can(me, 'set-up') ? (
          <>
            {' '}
            ·{' '}
            <Link to={managePaths.draw.href(guid)} className="text-blue-900 underline dark:text-sky-300">
              Draw
            </Link>{' '}
            ·{' '}
            <Link to={managePaths.schedule.href(guid)} className="text-blue-900 underline dark:text-sky-300">
              Schedule
            </Link>{' '}
            ·{' '}
            <Link to={managePaths.registration.href(guid)} className="text-blue-900 underline dark:text-sky-300">
              Registration
            </Link>
          </>
        ) : null}
        {can(me, 'read-awards') ? (
          <>
            {' '}
            ·{' '}
            <Link to={managePaths.awards.href(guid)} className="text-blue-900 underline dark:text-sky-300">
              Awards
            </Link>
          </>
        ) : null}
        {can(me, 'read-unreleased') ? (
          <>
            {' '}
            ·{' '}
            <Link to={managePaths.tablets.href(guid)} className="text-blue-900 underline dark:text-sky-300">
              Tablets
            </Link>
          </>
        ) : null}
        {commentaryOn ? (
          <>
            {' '}
            ·{' '}
            <Link to={managePaths.commentary.href(guid)} className="text-blue-900 underline dark:text-sky-300">
              Commentary
            </Link>
          </>
        ) : null}
      </p>
      <Freshness
        updatedAt={Math.min(progress.dataUpdatedAt, preview.dataUpdatedAt)}
        failed={progress.isRefetchError || preview.isRefetchError}
        stream={stream}
      />
      {backups.data ? (
        <BackupLine status={backups.data.body} />
      ) : backups.isError ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <strong className="font-semibold">Backups:</strong> not known ({problemText(backups.error)}).
        </p>
      ) : null}
      {grid.length === 0 ? (
        <EmptyState title="No performances yet">
          Divisions and rounds appear here once groups are registered.
        </EmptyState>
      ) : (
        <>
          <nav aria-label="Divisions and rounds" className="my-3">
            <ul className="flex flex-wrap gap-2 text-sm">
              {grid.map((section) => (
                <li key={section.key}>
                  <a
                    href={`#section-${section.key}`}
                    className="block rounded border border-slate-300 px-2 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                  >
                    {section.division.name} {section.round.name || `round ${section.round.number}`}: {section.submitted}
                    /{section.needed}
                    {section.released ? ' · released' : section.signOff ? ' · signed off' : ''}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <GridLegend />
          {grid.map((section) => (
            <section
              key={section.key}
              id={`section-${section.key}`}
              aria-labelledby={`heading-${section.key}`}
              className="my-6"
            >
              <h2 id={`heading-${section.key}`} className="text-xl font-semibold">
                {section.division.name} {section.round.name || `round ${section.round.number}`}
              </h2>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {section.submitted} of {section.needed} caption entries submitted
              </p>
              <SectionControls competitionId={competitionId} section={section} me={me} />
              <ConsoleGrid
                section={section}
                canCorrect={canCorrect}
                canEditPerformance={canPenalize || canSetPerformed}
                onCell={(row, column, cell) => setCorrecting({ row, column, cell, released: section.released })}
                onPerformance={(row) => setEditing({ row, released: section.released })}
              />
            </section>
          ))}
        </>
      )}
      <section aria-labelledby="preview-heading" className="my-8">
        <h2 id="preview-heading" className="text-xl font-semibold">
          Preview: not released
        </h2>
        <Notice tone="warning">
          Preview: not released. This is the recap exactly as fans will see it once each division and round is released.
        </Notice>
        {previewSections.length === 0 ? (
          <EmptyState title="Nothing unreleased to preview">
            Every division and round with scores is released.
          </EmptyState>
        ) : (
          <RecapViews sections={previewSections} views={['summary', 'categories', 'full']} />
        )}
      </section>
      {can(me, 'read-audit') ? (
        <section aria-labelledby="audit-heading" className="my-8">
          <h2 id="audit-heading" className="text-xl font-semibold">
            Audit trail
          </h2>
          {audit.isPending ? (
            <PageSkeleton rows={3} />
          ) : audit.isError && !audit.data ? (
            <Notice tone="error" role="alert">
              The audit trail could not load: {problemText(audit.error)}
            </Notice>
          ) : (
            <AuditTrail entries={audit.data?.body.data ?? []} divisions={divisions} performances={performances} />
          )}
        </section>
      ) : null}
      {correcting ? (
        <CorrectionDialog
          competitionId={competitionId}
          target={correcting}
          released={correcting.released}
          onClose={() => setCorrecting(null)}
        />
      ) : null}
      {editing ? (
        <PerformanceDialog
          competitionId={competitionId}
          row={editing.row}
          released={editing.released}
          canPenalize={canPenalize}
          canSetPerformed={canSetPerformed}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
