import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { clearJudgeData, judgeEntriesWaiting } from '../../lib/judge-data';
import { readSignedInUser, ROLE_NAMES } from '../../lib/signed-in-fetch';

/**
 * Signing out clears a judge's saved data from this device (decision 090), after asking when entries have not reached
 * the API yet: they would be lost with it. Without script (before hydration) the form posts as it is.
 */
async function signOut(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const form = event.currentTarget;
  const waiting = await judgeEntriesWaiting().catch(() => 0);
  const lose = `${waiting} ${waiting === 1 ? 'entry has' : 'entries have'} not been sent yet`;
  if (waiting > 0 && !window.confirm(`${lose}: signing out deletes them from this device. Sign out anyway?`)) return;
  await clearJudgeData().catch(() => undefined);
  form.submit();
}

/**
 * The banner's signed-in state (decision 086): who is signed in, their role, and "Sign out". Until GET /api/me
 * answers, and when it says nobody is signed in (the session ended), this renders nothing and the banner keeps its
 * "Sign in" link (the stylesheet hides it while this slot has content).
 */
export default function AccountMenu() {
  const me = useQuery({ queryKey: ['signed-in-user'], queryFn: readSignedInUser, staleTime: 60_000, retry: false });
  const user = me.data;
  if (!user) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <span>
        <span className="sr-only">Signed in as </span>
        <strong className="font-semibold">{user.name}</strong> ({ROLE_NAMES[user.role]})
      </span>
      {/* A plain form: sign-out works before hydration too, and the BFF checks it comes from this site. */}
      <form method="post" action="/auth/sign-out" onSubmit={(event) => void signOut(event)}>
        <button type="submit" className="rounded border border-white/60 px-2 py-1 text-sm hover:bg-white/10">
          Sign out
        </button>
      </form>
    </div>
  );
}
