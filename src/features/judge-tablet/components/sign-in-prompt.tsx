/** The BFF's sign-in (Authorization Code + PKCE), coming back here: a document navigation, not an app route. */
export const SIGN_IN_HREF = '/auth/sign-in?returnTo=/judge';

/**
 * Not signed in. On a device that has judged before (signed out, or the session expired: a 401), entries typed stay
 * on it and are sent after signing in; on a first visit there is nothing to reassure about.
 */
export function SignInPrompt({ waiting, judgedHere }: { waiting: number; judgedHere: boolean }) {
  if (!judgedHere && waiting === 0) {
    return (
      <Prompt title="Sign in to judge.">Your seats and their score sheets appear here once you are signed in.</Prompt>
    );
  }
  return (
    <Prompt title="Sign in again to go on judging.">
      {waiting > 0
        ? `Your ${waiting === 1 ? 'entry is' : `${waiting} entries are`} kept on this device and will be sent once you are signed in.`
        : 'Nothing you typed is lost.'}
    </Prompt>
  );
}

function Prompt({ title, children }: { title: string; children: string }) {
  return (
    <div
      role="alert"
      className="my-3 rounded-md border border-red-700/50 bg-red-50 px-3 py-3 text-red-950 dark:border-red-300/40 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p className="text-base">{children}</p>
      <a
        href={SIGN_IN_HREF}
        className="mt-2 inline-flex min-h-12 items-center rounded-md bg-blue-800 px-4 font-semibold text-white hover:bg-blue-900 dark:bg-sky-300 dark:text-slate-950"
      >
        Sign in
      </a>
    </div>
  );
}
