import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Notice } from '../../components/notice';
import { LoadFailure } from '../../components/signed-in/load-failure';
import { roleLabel, SessionGate } from '../../components/signed-in/session-gate';
import { PageSkeleton } from '../../components/skeleton';
import { managePaths } from '../../config/manage-paths';
import { paths } from '../../config/paths';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { awardsQueryOptions } from '../../features/manage/api/get-awards';
import { useConsoleStream } from '../../features/manage/api/use-console-stream';
import { CONSOLE_FALLBACK_POLL_MS } from '../../features/manage/api/keys';
import { AwardsSheet } from '../../features/manage/components/awards-sheet';
import { AwardsStage } from '../../features/manage/components/awards-stage';
import { announcingOrder, sectionKey, sectionLabel, shownOf } from '../../features/manage/utils/awards-model';
import type { Me } from '../../lib/signed-in/get-me';
import { parseGuid } from '../route-error';

/**
 * `/manage/competitions/<guid>/awards` (issue 36): the laptop or tablet the tabulator hands the announcer. Which
 * division and round is being read and how far are the address's (`?section=&shown=`), so a reload keeps the place.
 */
export default function ManageAwardsRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <>
      <title>Awards · Marching Results</title>
      <p className="text-sm print:hidden">
        <Link to={paths.manage.href()} className="link">
          Manage contests
        </Link>{' '}
        ·{' '}
        <Link to={managePaths.competition.href(guid)} className="link">
          Console
        </Link>
      </p>
      <SessionGate needs={{ permission: 'read-awards', what: 'The awards are' }}>
        {(me) => <Awards me={me} guid={guid} />}
      </SessionGate>
    </>
  );
}

function Awards({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  const competitionId = summary.data?.body.competition.id ?? null;
  // A release while the page is open shows its division at once: the console's push, its timer while none is open.
  const stream = useConsoleStream(competitionId);
  const awards = useQuery({
    ...awardsQueryOptions(competitionId ?? 0),
    refetchInterval: stream === 'live' ? false : CONSOLE_FALLBACK_POLL_MS,
    refetchIntervalInBackground: false,
    enabled: competitionId !== null,
  });
  const [search, setSearch] = useSearchParams();
  const sections = useMemo(() => awards.data?.body.data ?? [], [awards.data]);
  const chosen = sections.find((section) => sectionKey(section) === search.get('section')) ?? sections[0];
  const order = useMemo(() => (chosen ? announcingOrder(chosen.placements) : []), [chosen]);

  if (summary.isPending || (competitionId !== null && awards.isPending)) return <PageSkeleton rows={6} />;
  const failure = summary.error ?? (awards.data ? null : awards.error);
  if (failure)
    return (
      <LoadFailure
        failure={failure}
        what="The awards"
        organization={me.organization.name}
        onRetry={() => void (summary.error ? summary.refetch() : awards.refetch())}
      />
    );
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );
  const body = awards.data!.body;
  const event = summary.data!.body.event.name;
  const waiting = body.notReleased.map(sectionLabel);
  const open = (section: string, shown = 0) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('section', section);
        next.set('shown', String(shown));
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <div className="print:hidden">
        <h1 className="heading-1">Awards: {body.competition.name}</h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {event} · {roleLabel(me)}
        </p>
        {awards.isRefetchError ? (
          <Notice tone="warning">Could not check for newly released divisions; trying again.</Notice>
        ) : null}
        {waiting.length > 0 ? <p className="my-3">Not released yet: {waiting.join(', ')}.</p> : null}
      </div>
      {!chosen ? (
        <EmptyState title="Nothing released yet">
          A division and round appears here as soon as its scores are released on the{' '}
          <Link to={managePaths.competition.href(guid)} className="link">
            console
          </Link>
          .
        </EmptyState>
      ) : (
        <>
          <nav aria-label="Released divisions and rounds" className="my-3 print:hidden">
            <ul className="flex flex-wrap gap-2 text-sm">
              {sections.map((section) => (
                <li key={sectionKey(section)}>
                  <Link
                    to={`?section=${sectionKey(section)}&shown=0`}
                    replace
                    aria-current={section === chosen ? 'page' : undefined}
                    className="block min-h-11 rounded border border-slate-300 px-3 py-2 hover:bg-slate-100 aria-[current=page]:border-blue-800 aria-[current=page]:font-semibold dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-[current=page]:border-sky-300"
                  >
                    {sectionLabel(section)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <AwardsStage
            label={sectionLabel(chosen)}
            order={order}
            shown={search.get('section') === sectionKey(chosen) ? shownOf(search.get('shown'), order.length) : 0}
            onShown={(shown) => open(sectionKey(chosen), shown)}
          />
          <p className="mt-6 text-sm text-slate-700 print:hidden dark:text-slate-300">
            Printing this page gives the awards sheet: every released division and round on a page of its own, last
            place first.
          </p>
          <AwardsSheet title={`${body.competition.name} · ${event}`} sections={sections} />
        </>
      )}
    </>
  );
}
