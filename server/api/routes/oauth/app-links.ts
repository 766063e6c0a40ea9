/**
 * Where the set-password page sends a new user next: the web app that signs in through this API, found from the
 * organization's own sign-in clients (the BFF registers `<its address>/auth/callback`, decision 086), never from
 * the request, so the page links only to an address the organization registered. A judge is sent to sign in to
 * the judge's page, those who review scores to the console, a group's accounts to their group's pages; the app's home is offered to everyone.
 */
import type { Role } from '../../../../domain/roles.js';
import type { DbOrTx } from '../../db/database.js';
import { listApplications } from '../../db/repositories/applications.js';
import { rolesWith } from '../../http/permissions.js';
import { escapeHtml } from './sign-in-page.js';

/** The BFF's sign-in callback path (server/bff/session/sign-in.ts: the two programs do not import each other). */
const APP_CALLBACK_PATH = '/auth/callback';
const APP_NAME = 'Marching Results';

/** The app's origin, preferring one on the host this page was opened on (same site, same cookies). */
export async function appOrigin(db: DbOrTx, orgId: number, openedOn: string): Promise<string | undefined> {
  const origins = (await listApplications(db, orgId))
    .filter((application) => application.revokedAt === null)
    .flatMap((application) => application.redirectUris)
    .filter((uri) => URL.canParse(uri) && new URL(uri).pathname === APP_CALLBACK_PATH)
    .map((uri) => new URL(uri));
  const sameHost = origins.find((url) => url.hostname === openedOn);
  return (sameHost ?? origins[0])?.origin;
}

function workplaceOf(role: Role): { path: string; label: string } | undefined {
  if (rolesWith('read-unreleased').includes(role)) return { path: '/manage', label: 'Sign in to manage contests' };
  if (rolesWith('enter-seated-scores').includes(role)) return { path: '/judge', label: 'Sign in to judge' };
  if (rolesWith('read-group').includes(role)) return { path: '/my-groups', label: "Sign in to your group's pages" };
  return undefined;
}

/** The page's closing links (empty when the organization has no web app to go back to). */
export function appLinksHtml(origin: string | undefined, role: Role): string {
  if (!origin) return '';
  const workplace = workplaceOf(role);
  const signIn = workplace
    ? `<li><a href="${escapeHtml(`${origin}/auth/sign-in?returnTo=${encodeURIComponent(workplace.path)}`)}">${workplace.label}</a></li>`
    : '';
  return `<nav aria-label="Next">
<ul>
${signIn}
<li><a href="${escapeHtml(`${origin}/`)}">Open ${APP_NAME}</a></li>
</ul>
</nav>`;
}
