import { useQuery } from '@tanstack/react-query';
import { readSignedInUser, ROLE_NAMES } from '../../lib/signed-in-fetch';

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
      <form method="post" action="/auth/sign-out">
        <button type="submit" className="rounded border border-white/60 px-2 py-1 text-sm hover:bg-white/10">
          Sign out
        </button>
      </form>
    </div>
  );
}
