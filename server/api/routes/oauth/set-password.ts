/**
 * The page a one-time password link opens: a new user sets its password, served by the API like its
 * sign-in page (same look, same strict headers, no script). GET shows the form while the link is valid; POST sets
 * the password and spends the link, so it works once. Failed attempts are limited per address like sign-ins.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { ApiRouter } from '../../http/context.js';
import type { Services } from '../../services.js';
import { MIN_PASSWORD_LENGTH, SET_PASSWORD_PATH, setPasswordWithLink } from '../../auth/users.js';
import { findPasswordLink, findUserStanding } from '../../db/repositories/users.js';
import { MAX_PASSWORD_LENGTH } from '../../auth/sign-in-fields.js';
import { sha256Hex } from '../../auth/secrets.js';
import { createFailureLimiter } from '../../auth/failure-limiter.js';
import { rateLimitHeaders } from '../../auth/rate-limiter.js';
import { remoteAddress } from './remote-address.js';
import { escapeHtml, htmlHeaders, layout } from './sign-in-page.js';
import { appLinksHtml, appOrigin } from './app-links.js';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
const html = { 'text/html': { schema: z.string() } };

export const setPasswordPageRoute = createRoute({
  method: 'get',
  path: SET_PASSWORD_PATH,
  tags: ['OAuth2'],
  summary: 'The one-time page a new user opens to set its password (the link POST /users/ answers with)',
  security: [],
  request: { query: z.object({ token: z.string() }) },
  responses: {
    200: { description: 'The form', content: html },
    400: { description: 'The link is unknown, used or expired: explained on the page', content: html },
  },
});

export const setPasswordRoute = createRoute({
  method: 'post',
  path: SET_PASSWORD_PATH,
  tags: ['OAuth2'],
  summary: 'Set the password through a one-time link',
  security: [],
  request: {
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({ token: z.string(), password: z.string(), confirmation: z.string() }),
        },
      },
    },
  },
  responses: {
    200: { description: 'Password set (the page says so), or the form again with what is wrong', content: html },
    400: { description: 'The link is unknown, used or expired', content: html },
    429: { description: 'Too many failed attempts from this address', content: html },
  },
});

export function registerSetPasswordRoutes(router: ApiRouter, services: Services): void {
  const { db } = services.database;
  const failures = createFailureLimiter(services.config.tokenRateLimit);
  router.openAPIRegistry.registerPath(setPasswordPageRoute);
  router.openAPIRegistry.registerPath(setPasswordRoute);

  router.get(SET_PASSWORD_PATH, async (c) => {
    const token = c.req.query('token') ?? '';
    const valid = TOKEN_SHAPE.test(token) && (await findPasswordLink(db, sha256Hex(token)));
    if (!valid) return page(400, deadLinkHtml());
    return page(200, formHtml(token));
  });

  router.post(SET_PASSWORD_PATH, async (c) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (mediaType !== 'application/x-www-form-urlencoded') return page(400, deadLinkHtml());
    const form = new URLSearchParams(await c.req.text());
    const token = form.get('token') ?? '';
    const password = form.get('password') ?? '';
    const confirmation = form.get('confirmation') ?? '';
    const address = remoteAddress(c);
    const allowance = failures.check(address);
    if (!allowance.allowed) {
      return page(
        429,
        deadLinkHtml(`Too many attempts. Try again in ${allowance.resetSeconds} seconds.`),
        rateLimitHeaders(allowance),
      );
    }
    if (!TOKEN_SHAPE.test(token)) {
      failures.fail(address);
      return page(400, deadLinkHtml());
    }
    const problem = passwordProblem(password, confirmation);
    if (problem) return page(200, formHtml(token, problem));
    const done = await setPasswordWithLink(db, { token, password });
    if (!done) {
      failures.fail(address);
      return page(400, deadLinkHtml());
    }
    const user = await findUserStanding(db, done.userId);
    const origin = user && (await appOrigin(db, user.orgId, new URL(c.req.url).hostname));
    return page(
      200,
      layout(
        'Password set',
        `<h1>Your password is set</h1>
<p role="status">You can now sign in with your email and this password. This link no longer works.</p>
${user ? appLinksHtml(origin, user.role) : ''}`,
      ),
    );
  });
}

function passwordProblem(password: string, confirmation: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password may be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  if (password.includes('\0')) return 'The password cannot contain a NUL character.';
  if (password !== confirmation) return 'The two passwords are not the same.';
  return undefined;
}

function formHtml(token: string, error?: string): string {
  const describedBy = error ? ' aria-describedby="set-password-error" aria-invalid="true"' : '';
  return layout(
    'Set your password',
    `<h1>Set your password</h1>
<p>Choose the password you will sign in with (at least ${MIN_PASSWORD_LENGTH} characters). This link works once.</p>
${error ? `<p class="error" id="set-password-error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${SET_PASSWORD_PATH}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}"${describedBy}>
<label for="confirmation">The same password again</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required${describedBy}>
<button type="submit">Set password</button>
</form>`,
  );
}

function deadLinkHtml(
  message = 'This link is not valid: it is unknown, was already used, or has expired (links last 24 hours).',
): string {
  return layout(
    'Link not valid',
    `<h1>This link does not work</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p>Ask your organization's administrator for a new link.</p>`,
  );
}

function page(status: number, body: string, extraHeaders: Record<string, string> = {}): Response {
  const headers = htmlHeaders();
  // The form posts to this page itself, and nowhere else.
  headers['Content-Security-Policy'] = headers['Content-Security-Policy'].replace(
    "form-action 'none'",
    "form-action 'self'",
  );
  return new Response(body, { status, headers: { ...headers, ...extraHeaders } });
}
