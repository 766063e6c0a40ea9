import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { EmptyState } from '../empty-state';
import { Notice } from '../notice';
import { PageSkeleton } from '../skeleton';
import { can, sessionQueryOptions, signInHref, type Me, type Permission } from '../../lib/signed-in/get-me';
import { problemText } from '../../lib/signed-in/problems';
import { ROLE_NAMES } from '../../lib/signed-in/get-me';
import { LeaveGuard } from './leave-guard';

/**
 * What every /manage page shows before its own content: the sign-in prompt when nobody is signed in, the hosted
 * service's word where contests are managed there, a judge sent to their own page; otherwise `children(me)`, whose
 * unsaved forms ask before the page is left (LeaveGuard).
 * `needs`: the permission the page is for and what it is, with its verb ("The console is" by default, "The awards are").
 * `audience`: a page for others than the circuit's people (a group's accounts): its sign-in heading, who it is for,
 * and what it says to a role without the permission.
 */
export function SessionGate({
  children,
  needs = { permission: 'read-unreleased', what: 'The console is' },
  audience,
  hosted = audience?.hosted,
}: {
  children: (me: Me) => ReactNode;
  /** what the page says on the hosted service, when it is more than "Contests are managed there" */
  hosted?: { title: string; text: string };
  needs?: { permission: Permission; what: `${string} ${'is' | 'are'}` };
  audience?: {
    signIn: string;
    who: string;
    refused: (me: Me) => ReactNode;
    /** what the page says on the hosted service, where its people are not this app's ("Contests are managed…") */
    hosted?: { title: string; text: string };
  };
}) {
  const session = useQuery(sessionQueryOptions());
  const location = useLocation();
  if (session.isPending) return <PageSkeleton rows={4} />;
  if (session.isError)
    return (
      <Notice tone="error" role="alert">
        Could not find out who is signed in: {problemText(session.error)}{' '}
        <button type="button" className="underline" onClick={() => void session.refetch()}>
          Try again
        </button>
      </Notice>
    );
  const state = session.data;
  if (state.kind === 'hosted')
    return (
      <EmptyState title={hosted?.title ?? 'Contests are managed on the hosted service'}>
        {hosted?.text ??
          'These results come from the hosted CompetitionSuite service: its contests are set up, scored and released there, not in this app.'}
      </EmptyState>
    );
  if (state.kind === 'no-sign-in')
    return (
      <EmptyState title="Signing in is not set up on this site">
        This site shows results only. Its operator turns sign-in on with the BFF's sign-in client
        (BFF_SIGNIN_CLIENT_ID); until then contests are run with the command line and the API (docs: Running a show).
      </EmptyState>
    );
  if (state.kind === 'signed-out')
    return (
      <div className="my-6 rounded-lg border border-slate-300 px-4 py-6 dark:border-slate-700">
        <h2 className="text-lg font-semibold">
          {state.expired ? 'Your session has ended' : (audience?.signIn ?? 'Sign in to manage contests')}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {needs.what} for {audience?.who ?? "the circuit's administrators, tabulators and chief judges"}.
        </p>
        <a
          href={signInHref(`${location.pathname}${location.search}`)}
          className="mt-3 inline-block rounded-md bg-blue-900 px-4 py-2 font-medium text-white hover:bg-blue-800 dark:bg-sky-300 dark:text-slate-950 dark:hover:bg-sky-200"
        >
          Sign in
        </a>
      </div>
    );
  const { me } = state;
  if (!can(me, needs.permission))
    return (
      <EmptyState title={`${needs.what} not for your role`}>
        {audience ? (
          audience.refused(me)
        ) : me.role === 'judge' ? (
          <>
            Judges enter their captions on{' '}
            <a href="/judge" className="underline">
              the judge's page
            </a>
            .
          </>
        ) : me.role === 'group-administrator' || me.role === 'group-staff' ? (
          <>
            A group's account reads its own groups on{' '}
            <a href="/my-groups" className="underline">
              My groups
            </a>
            : the circuit's pages are for its own people.
          </>
        ) : (
          'Ask your circuit’s administrator for the tabulator or chief judge role.'
        )}
      </EmptyState>
    );
  return <LeaveGuard>{children(me)}</LeaveGuard>;
}

export const roleLabel = (me: Me) => (me.role === null ? me.key.name : ROLE_NAMES[me.role]);
