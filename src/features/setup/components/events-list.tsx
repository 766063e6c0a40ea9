import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LocalDateTime } from '../../../components/local-date-time';
import { Notice } from '../../../components/notice';
import { PageSkeleton } from '../../../components/skeleton';
import { problemText } from '../../../lib/signed-in/problems';
import { primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { seasonEventsQueryOptions, type EventListItem } from '../api/get-season-events';
import { setupEventQueryOptions } from '../api/get-event';
import { currentSetupSeason, setupSeasonsQueryOptions } from '../api/get-seasons';
import { CompetitionDialog, type CompetitionTarget } from './competition-dialog';
import { EventDialog } from './events-dialog';
import { managePaths } from '../../../config/manage-paths';

type Editing =
  | { kind: 'event'; event: EventListItem | null }
  | { kind: 'competition'; eventId: number; competition: CompetitionTarget | null }
  | null;

const linkClass = 'text-blue-900 underline dark:text-sky-300';

/**
 * A season's events (picked as /manage picks its season), each with its competitions and their console and entries
 * pages; `canWrite` adds creating and editing (administrators and tabulators hold `set-up`).
 */
export function EventsList({ canWrite }: { canWrite: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(null);
  const seasons = useQuery(setupSeasonsQueryOptions());
  const list = seasons.data ?? [];
  const asked = Number(searchParams.get('season'));
  const season = list.find((candidate) => candidate.id === asked) ?? currentSetupSeason(list);
  const events = useQuery({ ...seasonEventsQueryOptions(season?.id ?? 0), enabled: season !== undefined });
  if (seasons.isPending || (season && events.isPending)) return <PageSkeleton rows={5} />;
  if (seasons.isError || events.isError)
    return (
      <Notice tone="error" role="alert">
        Could not load the events: {problemText(seasons.error ?? events.error)}
      </Notice>
    );
  if (!season) return <EmptyState title="No seasons yet">Set up a season first.</EmptyState>;
  const seasonEvents = events.data?.body.data ?? [];
  return (
    <section aria-labelledby="events-heading" className="mt-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="events-heading" className="text-lg font-semibold">
          Events of {season.name}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            Season{' '}
            <select
              value={season.id}
              onChange={(change) => setSearchParams({ season: change.target.value }, { replace: true })}
              className="rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-900"
            >
              {list.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </label>
          {canWrite ? (
            <button type="button" className={primaryButton} onClick={() => setEditing({ kind: 'event', event: null })}>
              New event
            </button>
          ) : null}
        </div>
      </div>
      {seasonEvents.length === 0 ? (
        <EmptyState title={`No events in ${season.name}`}>
          {canWrite ? 'Create the first with “New event”.' : 'An administrator or tabulator sets them up.'}
        </EmptyState>
      ) : (
        <ul className="mt-3 space-y-3">
          {seasonEvents.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              canWrite={canWrite}
              onEdit={() => setEditing({ kind: 'event', event })}
              onCompetition={(competition) => setEditing({ kind: 'competition', eventId: event.id, competition })}
            />
          ))}
        </ul>
      )}
      {editing?.kind === 'event' ? (
        <EventDialog seasonId={season.id} event={editing.event} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'competition' ? (
        <CompetitionDialog
          eventId={editing.eventId}
          competition={editing.competition}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function EventCard({
  event,
  canWrite,
  onEdit,
  onCompetition,
}: {
  event: EventListItem;
  canWrite: boolean;
  onEdit: () => void;
  onCompetition: (competition: CompetitionTarget | null) => void;
}) {
  const detail = useQuery(setupEventQueryOptions(event.id));
  const headingId = `event-${event.id}`;
  const competitions = [...(detail.data?.body.competitions ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <li aria-labelledby={headingId} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {event.name}
          <span className="ml-2 text-sm font-normal text-slate-700 dark:text-slate-300">
            {[event.eventType, event.location, event.practice ? 'practice' : ''].filter(Boolean).join(' · ')}
          </span>
        </h3>
        {canWrite ? (
          <div className="flex gap-2">
            <button type="button" className={secondaryButton} onClick={onEdit} aria-label={`Edit event ${event.name}`}>
              Edit
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => onCompetition(null)}
              aria-label={`New competition in ${event.name}`}
            >
              New competition
            </button>
          </div>
        ) : null}
      </div>
      {detail.isPending ? (
        <p className="mt-2 text-sm" role="status">
          Loading its competitions…
        </p>
      ) : detail.isError ? (
        <Notice tone="error" role="alert">
          Could not load its competitions: {problemText(detail.error)}
        </Notice>
      ) : competitions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">No competitions yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {competitions.map((competition) => (
            <li key={competition.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span>
                <span className="font-medium">{competition.name}</span>{' '}
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  <LocalDateTime iso={competition.date} />
                </span>
              </span>
              <span className="flex flex-wrap gap-3 text-sm">
                <Link to={managePaths.competition.href(competition.guid)} className={linkClass}>
                  Console<span className="sr-only"> of {competition.name}</span>
                </Link>
                <Link to={managePaths.entries.href(competition.guid)} className={linkClass}>
                  Entries<span className="sr-only"> of {competition.name}</span>
                </Link>
                {canWrite ? (
                  <button
                    type="button"
                    className={linkClass}
                    onClick={() =>
                      onCompetition({ id: competition.id, name: competition.name, date: competition.date })
                    }
                  >
                    Edit<span className="sr-only"> {competition.name}</span>
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
