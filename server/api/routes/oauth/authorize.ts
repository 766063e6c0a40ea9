import { createRoute, z } from '@hono/zod-openapi';
import type { ApiRouter } from '../../http/context.js';
import type { Services } from '../../services.js';
import { findOrganizationById } from '../../db/repositories/organizations.js';
import { findUserByCredentials } from '../../auth/users.js';
import { normalizeEmail } from '../../db/repositories/users.js';
import { createAuthorizationCode } from '../../auth/authorization-codes.js';
import { redirectWith } from '../../auth/redirect-uri.js';
import { signInFieldProblem } from '../../auth/sign-in-fields.js';
import { rateLimitHeaders } from '../../auth/rate-limiter.js';
import { createFailureLimiter } from '../../auth/failure-limiter.js';
import { remoteAddress } from './remote-address.js';
import { checkAuthorizationRequest, type AuthorizationCheck } from './authorization-request.js';
import { authorizationErrorHtml, htmlHeaders, signInHtml } from './sign-in-page.js';

const AuthorizationParameters = {
  response_type: z.literal('code'),
  client_id: z.string(),
  redirect_uri: z.string().openapi({ description: 'one of the redirect URIs registered for the client, exactly' }),
  state: z.string().optional().openapi({ description: 'returned unchanged with the code or the error' }),
  code_challenge: z.string().openapi({ description: 'base64url(sha256(code_verifier)), 43 characters' }),
  code_challenge_method: z.literal('S256'),
};
const html = { 'text/html': { schema: z.string() } };

export const authorizePageRoute = createRoute({
  method: 'get',
  path: '/v3/oauth2/authorize',
  tags: ['OAuth2'],
  summary: 'Authorization Code flow with PKCE (S256): the sign-in page',
  security: [],
  request: { query: z.object(AuthorizationParameters) },
  responses: {
    200: { description: 'The sign-in form', content: html },
    302: { description: 'An error sent back to the redirect_uri as error, error_description and state' },
    400: {
      description: 'Unknown client, or a redirect_uri not registered for it: explained on the page',
      content: html,
    },
  },
});

export const authorizeSignInRoute = createRoute({
  method: 'post',
  path: '/v3/oauth2/authorize',
  tags: ['OAuth2'],
  summary: 'Authorization Code flow with PKCE (S256): sign in and get redirected with a code',
  security: [],
  request: {
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({ ...AuthorizationParameters, email: z.string(), password: z.string() }),
        },
      },
    },
  },
  responses: {
    200: { description: 'The sign-in form again, with an error message', content: html },
    302: { description: 'Back to the redirect_uri with code and state (or error, error_description and state)' },
    400: {
      description:
        'Unknown client, or a redirect_uri not registered for it: explained on the page; or an email or password no account can have: the form again',
      content: html,
    },
  },
});

/** The authorization endpoint. Parsed by hand like the token endpoint: its errors are pages and redirects. */
export function registerAuthorizeRoutes(router: ApiRouter, services: Services): void {
  const { db } = services.database;
  const codeTtlSeconds = services.config.authCodeTtlSeconds;
  // Failed sign-ins have the token endpoint's allowance (counted apart): enough for people, too few for guessing.
  const failures = createFailureLimiter(services.config.tokenRateLimit);
  router.openAPIRegistry.registerPath(authorizePageRoute);
  router.openAPIRegistry.registerPath(authorizeSignInRoute);

  router.get(authorizePageRoute.path, async (c) => {
    const check = await checkAuthorizationRequest(db, new URL(c.req.url).searchParams);
    if (!check.ok) return refusal(check);
    const organization = await findOrganizationById(db, check.application.orgId);
    return page(
      200,
      signInHtml({
        request: check.request,
        applicationName: check.application.name,
        organizationName: organization?.name ?? '',
      }),
      check.request.redirectUri,
    );
  });

  router.post(authorizeSignInRoute.path, async (c) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (mediaType !== 'application/x-www-form-urlencoded') {
      return page(400, authorizationErrorHtml('The sign-in form must be sent as application/x-www-form-urlencoded.'));
    }
    const form = new URLSearchParams(await c.req.text());
    const check = await checkAuthorizationRequest(db, form);
    if (!check.ok) return refusal(check);
    const { application, request } = check;
    const organization = await findOrganizationById(db, application.orgId);
    const email = form.get('email')?.trim() ?? '';
    const password = form.get('password') ?? '';
    const again = (error: string, status = 200, shownEmail = email) =>
      page(
        status,
        signInHtml({
          request,
          applicationName: application.name,
          organizationName: organization?.name ?? '',
          email: shownEmail,
          error,
        }),
        request.redirectUri,
      );

    if (email === '' || password === '') return again('Enter your email and your password.');
    const fieldProblem = signInFieldProblem(email, password);
    if (fieldProblem) return again(fieldProblem, 400, '');
    const address = remoteAddress(c);
    const account = `${application.orgId}:${normalizeEmail(email)}`;
    const allowance = failures.check(address, account);
    if (!allowance.allowed) {
      const response = again(`Too many sign-in attempts. Try again in ${allowance.resetSeconds} seconds.`);
      return new Response(response.body, {
        status: 429,
        headers: { ...Object.fromEntries(response.headers), ...rateLimitHeaders(allowance) },
      });
    }
    const user = await findUserByCredentials(db, { orgId: application.orgId, email, password });
    if (!user) {
      failures.fail(address, account);
      // One message for unknown emails and wrong passwords: the form must not reveal who has an account.
      return again('The email or password is not correct.');
    }

    const code = await createAuthorizationCode(db, {
      applicationId: application.id,
      userId: user.id,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      ttlSeconds: codeTtlSeconds,
      nowMs: services.now(),
    });
    return redirect(redirectWith(request.redirectUri, { code, state: request.state }));
  });
}

function refusal(check: Extract<AuthorizationCheck, { ok: false }>): Response {
  if (check.show === 'page') return page(400, authorizationErrorHtml(check.message));
  return redirect(
    redirectWith(check.redirectUri, { error: check.error, error_description: check.description, state: check.state }),
  );
}

function page(status: number, body: string, redirectUri?: string): Response {
  return new Response(body, { status, headers: htmlHeaders(redirectUri ? originOf(redirectUri) : undefined) });
}

function redirect(location: string): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}

/** Custom-scheme redirect URIs of native apps have no origin; CSP names them by scheme. */
function originOf(uri: string): string {
  const url = new URL(uri);
  return url.origin === 'null' ? url.protocol : url.origin;
}
