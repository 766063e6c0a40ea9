import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Notice } from '../../../components/notice';
import { PageSkeleton } from '../../../components/skeleton';
import { secondaryButton } from '../../../components/signed-in/modal';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import { groupCritiquesQueryOptions, type CritiqueSlot, type GroupCritique } from '../api/get-critiques';
import { pickCritiqueSlot } from '../api/critique-writes';
import { critiqueKeys } from '../api/keys';

/**
 * A group's critiques (decision 137): its slot in each with its time at every station; while sign-up is open, its
 * administrators pick a free slot or change to another (first come: a slot taken meanwhile is refused in words and
 * the free ones read again). Staff see the slot only.
 */
export function GroupCritiques({
  groupId,
  administers,
  failed,
}: {
  groupId: number;
  administers: boolean;
  /** what a refused or failed read shows (the group's pages' own refusal), with a retry */
  failed: (error: Error, retry: () => void) => ReactNode;
}) {
  const critiques = useQuery(groupCritiquesQueryOptions(groupId));
  if (critiques.isPending) return <PageSkeleton rows={4} />;
  if (critiques.isError) return failed(critiques.error, () => void critiques.refetch());
  const list = critiques.data.body.data;
  if (list.length === 0)
    return (
      <EmptyState title="No critique open for this group">
        Critique shows here once the circuit opens it for a round the group performs in.
      </EmptyState>
    );
  return (
    <div className="mt-4 space-y-6">
      {list.map((critique) => (
        <CritiqueCard key={critique.id} groupId={groupId} critique={critique} administers={administers} />
      ))}
    </div>
  );
}

function Visits({ slot }: { slot: CritiqueSlot }) {
  return (
    <ul className="text-sm">
      {slot.visits.map((visit) => (
        <li key={visit.station} className="tabular-nums">
          {formatTime(visit.startsAt)}–{formatTime(visit.endsAt)} <span className="font-medium">{visit.station}</span>
        </li>
      ))}
    </ul>
  );
}

function CritiqueCard({
  groupId,
  critique,
  administers,
}: {
  groupId: number;
  critique: GroupCritique;
  administers: boolean;
}) {
  const title = `${critique.competition.name} · ${critique.division.name} · ${critique.round.name || `Round ${critique.round.number}`}`;
  const pick = useWrite({
    write: (slot: number) => pickCritiqueSlot(groupId, critique.id, slot),
    stale: () => [critiqueKeys.group(groupId)],
    // a slot taken meanwhile: the free ones are read again, so the list shows what is left
    refreshAfterRefusal: true,
  });
  const canPick = administers && critique.signUpOpen;
  return (
    <section
      aria-labelledby={`critique-${critique.id}`}
      className="rounded-lg border border-slate-300 px-4 py-3 dark:border-slate-700"
    >
      <h2 id={`critique-${critique.id}`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Critique {formatDateTime(critique.from)} to {formatTime(critique.to)} · {critique.stations.length} station
        {critique.stations.length === 1 ? '' : 's'} of {critique.slotMinutes} minutes
      </p>
      <div className="mt-2" data-testid="own-slot">
        {critique.slot ? (
          <>
            <p className="font-medium">
              Your slot: {critique.slot.number}, {formatTime(critique.slot.startsAt)}–{formatTime(critique.slot.endsAt)}
              {critique.state === 'placed' ? ' (placed in performance order)' : ''}
            </p>
            <Visits slot={critique.slot} />
          </>
        ) : critique.state === 'no-slot' ? (
          <p className="font-medium">No slot: the window is too short for every group in performance order.</p>
        ) : (
          <p className="font-medium">
            No slot picked yet
            {critique.signUpOpen ? '' : ': sign-up has closed'}
            {critique.signUpOpen && !administers ? ": the group's director picks it" : ''}.
          </p>
        )}
      </div>
      {critique.mode === 'pick' && critique.signUpOpen ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Sign-up closes when critique starts ({formatTime(critique.from)}).
        </p>
      ) : null}
      {pick.error ? (
        <Notice tone="error" role="alert">
          {problemText(pick.error)}
        </Notice>
      ) : null}
      {canPick ? (
        critique.free.length === 0 ? (
          <p className="mt-2 text-sm">Every slot is taken.</p>
        ) : (
          <>
            <h3 className="mt-3 font-semibold">{critique.slot ? 'Change to a free slot' : 'Free slots'}</h3>
            <ol aria-label={`Free slots of ${title}`} className="mt-1 divide-y divide-slate-300 dark:divide-slate-700">
              {critique.free.map((slot) => (
                <li
                  key={slot.number}
                  className="flex flex-wrap items-start justify-between gap-2 py-2"
                  data-testid="free-slot"
                >
                  <div>
                    <p className="font-medium">
                      Slot {slot.number}, {formatTime(slot.startsAt)}–{formatTime(slot.endsAt)}
                    </p>
                    <Visits slot={slot} />
                  </div>
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={pick.isPending}
                    onClick={() => pick.mutate(slot.number)}
                  >
                    {critique.slot ? 'Change to' : 'Pick'} slot {slot.number}
                  </button>
                </li>
              ))}
            </ol>
          </>
        )
      ) : null}
    </section>
  );
}
