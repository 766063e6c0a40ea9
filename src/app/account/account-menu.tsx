import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type FormEvent } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { isApiError } from '../../lib/api/core';
import { clearJudgeData, judgeAudioWaiting, judgeEntriesWaiting, savedJudge } from '../../lib/judge-data';
import { OFFLINE_CODE } from '../../lib/saved-copy-header';
import { can, ROLE_NAMES, sessionQueryOptions, type Me } from '../../lib/signed-in/get-me';
import { signedInKeys } from '../../lib/signed-in/keys';
import { isSignOutPending, markSignOutPending } from '../../lib/signed-in/pending-sign-out';

/**
 * Signing out clears a judge's saved data from this device (decision 090), after asking when entries or commentary
 * recordings have not reached the API yet: they would be lost with it. Without script (before hydration) the form
 * posts as it is. Without a network the device is cleared all the same and the sign-out is sent once the network is
 * back (pending-sign-out.ts); meanwhile the page opens again signed out where it is (the home page may never have
 * been saved on this device).
 */
async function signOut(event: FormEvent<HTMLFormElement>, offline: boolean) {
  event.preventDefault();
  const form = event.currentTarget;
  const waiting = await judgeEntriesWaiting().catch(() => 0);
  const recordings = await judgeAudioWaiting().catch(() => 0);
  const lose = [
    waiting > 0 ? `${waiting} ${waiting === 1 ? 'entry has' : 'entries have'} not been sent yet` : '',
    recordings > 0 ? `${recordings} ${recordings === 1 ? 'recording has' : 'recordings have'} not been sent yet` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  if (lose && !window.confirm(`${lose}: signing out deletes them from this device. Sign out anyway?`)) return;
  await clearJudgeData().catch(() => undefined);
  if (!offline && navigator.onLine) {
    form.submit();
    return;
  }
  markSignOutPending();
  location.reload();
}

/** /api/me could not be asked: no network (a lost connection, or the service worker's offline answer). */
const unreachable = (error: unknown) => isApiError(error) && (error.status === 0 || error.code === OFFLINE_CODE);

/**
 * Who is signed in, as far as this device can tell: the API's answer, or, while it cannot be asked for lack of
 * network, the judge whose data the device holds (a judge reloading the tablet offline can still sign out).
 */
function useSignedIn(): { me: Me | null; offline: boolean } {
  const session = useQuery(sessionQueryOptions());
  const offline = session.data === undefined && unreachable(session.failureReason);
  const saved = useQuery({
    queryKey: [...signedInKeys.me(), 'saved-judge'],
    queryFn: savedJudge,
    enabled: offline && !isSignOutPending(),
    networkMode: 'always',
  });
  const queryClient = useQueryClient();
  useEffect(() => {
    // Back online: asking who is signed in sends a pending sign-out first (get-me.ts).
    const online = () => void queryClient.invalidateQueries({ queryKey: signedInKeys.me(), exact: true });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [queryClient]);
  if (session.data?.kind === 'signed-in') return { me: session.data.me, offline: false };
  return { me: offline ? (saved.data ?? null) : null, offline };
}

/**
 * Where a signed-in person works, by what the API lets them do (never by a list of roles): the console for those
 * who review scores (administrators, tabulators, chief judges: the /manage pages' own gate), the judge's page for a
 * judge seated to enter captions; a group's own pages for a group's director and staff (decision 133).
 */
function workplaceOf(me: Me): { href: string; label: string } | null {
  if (can(me, 'read-unreleased')) return { href: paths.manage.href(), label: 'Manage contests' };
  if (can(me, 'enter-seated-scores')) return { href: paths.judgeTablet.href(), label: 'Judge' };
  if (can(me, 'read-group')) return { href: paths.myGroups.href(), label: 'My groups' };
  return null;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 ${isActive ? 'bg-white/15 font-semibold' : 'hover:bg-white/10'}`;

/**
 * The banner's signed-in state (decision 086): who is signed in, their role, the way to where they work, and
 * "Sign out". Until GET /api/me answers (the session the /manage pages read too), and when it says nobody is signed
 * in (the session ended, or was ended on this device offline), this renders nothing and the banner keeps its "Sign in"
 * link (the stylesheet hides it while this slot has content). Offline, it names the judge the device holds.
 */
export default function AccountMenu() {
  const { me, offline } = useSignedIn();
  if (!me?.user || !me.role) return null;
  const { user, role } = me;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const workplace = workplaceOf(me);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {workplace ? (
        <NavLink to={workplace.href} className={linkClass}>
          {workplace.label}
        </NavLink>
      ) : null}
      <span>
        <span className="sr-only">Signed in as </span>
        <strong className="font-semibold">{name}</strong> ({ROLE_NAMES[role]})
      </span>
      {/* A plain form: sign-out works before hydration too, and the BFF checks it comes from this site. */}
      <form method="post" action="/auth/sign-out" onSubmit={(event) => void signOut(event, offline)}>
        <button type="submit" className="rounded border border-white/60 px-2 py-1 text-sm hover:bg-white/10">
          Sign out
        </button>
      </form>
    </div>
  );
}
