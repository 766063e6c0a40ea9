import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Notice } from '../../../components/notice';
import { PageSkeleton } from '../../../components/skeleton';
import { problemText } from '../../../lib/signed-in/problems';
import { Modal, secondaryButton } from '../../../components/signed-in/modal';
import { setupSeasonsQueryOptions, type Season } from '../api/get-seasons';
import { SeasonForm } from './seasons-form';
import { ChooseCurrent, CurrentBadge } from './season-current';

/** A season's day as the API states it (a calendar day, no time zone: shown as that day everywhere). */
export const dayText = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' });

/**
 * The organization's seasons, latest first, the current one marked (chosen, or by its dates); for those who may
 * change them, each with "Edit" and the choice of the current season.
 */
export function SeasonsList({ canWrite }: { canWrite: boolean }) {
  const seasons = useQuery(setupSeasonsQueryOptions());
  const [editing, setEditing] = useState<Season | null>(null);
  if (seasons.isPending) return <PageSkeleton rows={4} />;
  if (seasons.isError)
    return (
      <Notice tone="error" role="alert">
        Could not load the seasons: {problemText(seasons.error)}{' '}
        <button type="button" className="underline" onClick={() => void seasons.refetch()}>
          Try again
        </button>
      </Notice>
    );
  const list = seasons.data;
  if (list.length === 0)
    return (
      <EmptyState title="No seasons yet">
        {canWrite ? 'Add the first one above.' : 'An administrator or tabulator adds them.'}
      </EmptyState>
    );
  return (
    <>
      <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {list.map((season) => (
          <li key={season.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <div className="min-w-0">
              <p className="font-medium break-words">
                {season.name}
                <CurrentBadge season={season} />
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {season.year} · {dayText(season.startDate)} to {dayText(season.endDate)}
              </p>
            </div>
            {canWrite ? (
              <div className="flex flex-wrap items-center gap-2">
                <ChooseCurrent season={season} />
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => setEditing(season)}
                  aria-label={`Edit ${season.name}`}
                >
                  Edit
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {editing ? (
        <Modal title={`Edit ${editing.name}`} open onClose={() => setEditing(null)}>
          <div className="mt-3">
            <SeasonForm season={editing} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
          </div>
        </Modal>
      ) : null}
    </>
  );
}
