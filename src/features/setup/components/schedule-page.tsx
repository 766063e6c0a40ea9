import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailure } from '../../../components/signed-in/load-failure';
import { PageSkeleton } from '../../../components/skeleton';
import { managePaths } from '../../../config/manage-paths';
import type { ApiResult } from '../../../lib/api/core';
import type { CompetitionSummary } from '../../../lib/api-models';
import type { Me } from '../../../lib/signed-in/get-me';
import {
  scheduleDraftQueryOptions,
  scheduleVersionsQueryOptions,
  type ScheduleDraft,
  type ScheduleVersion,
} from '../api/get-schedule-draft';
import { formatTime } from '../../../lib/dates';
import { moveText } from '../utils/schedule-model';
import { itineraryTemplatesQueryOptions } from '../api/get-itinerary-templates';
import { scheduleViewUrl } from '../../../../domain/published-pages';
import { ItineraryTemplatesEditor } from './itinerary-templates-editor';
import { ScheduleEditor } from './schedule-editor';

const linkClass = 'text-blue-900 underline dark:text-sky-300';

/**
 * A competition's schedule builder (issue 40, item 2; decision 138): the start and end times, each division's
 * interval, blocks put in between the performances, the computed times and the conflicts in words, Publish (with a
 * reason after the first), and what moved since the last published version.
 */
export function SchedulePage({
  me,
  guid,
  summary,
}: {
  me: Me;
  guid: string;
  summary: UseQueryResult<ApiResult<CompetitionSummary>>;
}) {
  const competitionId = summary.data?.body.competition.id ?? null;
  const enabled = competitionId !== null;
  const draft = useQuery({ ...scheduleDraftQueryOptions(competitionId ?? 0), enabled });
  const versions = useQuery({ ...scheduleVersionsQueryOptions(competitionId ?? 0), enabled });
  const templates = useQuery({ ...itineraryTemplatesQueryOptions(competitionId ?? 0), enabled });
  if (summary.isPending || (enabled && (draft.isPending || versions.isPending || templates.isPending)))
    return <PageSkeleton rows={8} />;
  const failure = summary.error ?? draft.error ?? versions.error ?? templates.error;
  if (failure) return <LoadFailure failure={failure} what="The schedule" organization={me.organization.name} />;
  const body = summary.data!.body;
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );
  const current = draft.data!.body;
  const published = versions.data!.body.data;
  const logisticalUrl = body.competition.scheduleUrl
    ? scheduleViewUrl(body.competition.scheduleUrl, 'logistical')
    : null;
  return (
    <>
      <h1 className="text-2xl font-bold">
        Schedule: {body.event.name} · {body.competition.name}
      </h1>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={managePaths.entries.href(guid)} className={linkClass}>
          Entries and running order
        </Link>
        <Link to={managePaths.draw.href(guid)} className={linkClass}>
          Draw
        </Link>
        <Link to={managePaths.registration.href(guid)} className={linkClass}>
          Registration
        </Link>
        {body.competition.scheduleUrl ? (
          <a href={body.competition.scheduleUrl} className={linkClass}>
            The published schedule
          </a>
        ) : null}
        {logisticalUrl ? (
          <a href={logisticalUrl} className={linkClass}>
            The logistical schedule
          </a>
        ) : null}
      </p>
      <PublishedState draft={current} versions={published} />
      {current.items.length === 0 ? (
        <EmptyState title="No performances to schedule yet">
          Register groups on the{' '}
          <Link to={managePaths.entries.href(guid)} className={linkClass}>
            entries page
          </Link>{' '}
          first: the schedule is built from the running order.
        </EmptyState>
      ) : (
        // what was typed stays across saves and publishing; the published times come from the draft read again
        <ScheduleEditor
          key={current.competition.id}
          draft={current}
          templates={new Map(templates.data!.body.divisions.map((division) => [division.divisionId, division.steps]))}
        />
      )}
      {current.items.length === 0 ? null : (
        <ItineraryTemplatesEditor key={`templates-${current.competition.id}`} read={templates.data!.body} />
      )}
      <VersionHistory list={published} />
    </>
  );
}

function PublishedState({ draft, versions }: { draft: ScheduleDraft; versions: readonly ScheduleVersion[] }) {
  const latest = versions[versions.length - 1];
  return (
    <p className="mt-2 text-sm" data-testid="schedule-state">
      {latest
        ? `Version ${latest.number} published ${formatTime(latest.publishedAt)} by ${latest.publishedBy}${latest.reason ? ` (${latest.reason})` : ''}.`
        : 'Not published yet: the published schedule shows the times the performances have now.'}{' '}
      {draft.saved ? `Draft saved by ${draft.saved.by} at ${formatTime(draft.saved.at)}.` : 'Draft not saved yet.'}
    </p>
  );
}

/** Each version, newest first, with what moved since the one before. */
function VersionHistory({ list }: { list: readonly ScheduleVersion[] }) {
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="schedule-versions" className="mt-8">
      <h2 id="schedule-versions" className="text-xl font-semibold">
        Published versions
      </h2>
      <ol className="mt-2 space-y-3">
        {list.toReversed().map((version) => (
          <li key={version.number} className="text-sm">
            <p className="font-medium">
              Version {version.number}, {formatTime(version.publishedAt)}, by {version.publishedBy}
              {version.reason ? `: ${version.reason}` : ''}
            </p>
            {version.number === 1 ? (
              <p>The first version: {version.moved.length} performances scheduled.</p>
            ) : version.moved.length === 0 ? (
              <p>Nothing moved since version {version.number - 1}.</p>
            ) : (
              <ul className="list-disc pl-5" aria-label={`What moved in version ${version.number}`}>
                {version.moved.map((move) => (
                  <li key={move.performanceId}>{moveText(move)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
