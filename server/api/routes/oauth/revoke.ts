import { createRoute, z } from '@hono/zod-openapi';
import type { ApiRouter } from '../../http/context.js';
import type { Services } from '../../services.js';
import { OAuthError } from '../../auth/oauth-error.js';
import type { FailureLimiter } from '../../auth/failure-limiter.js';
import { revokeToken } from '../../db/repositories/revoked-tokens.js';
import { REVOCATION_PARAMETERS, type RevocationParameter } from './oauth-parameters.js';
import { clientAuthenticationRefusals, clientRequestHandler, oauthErrorContent } from './client-request.js';

const RevocationRequest = z
  .object({
    token: z.string().openapi({ description: 'the access token to revoke' }),
    token_type_hint: z.string().optional().openapi({
      description:
        '`access_token` or `refresh_token`; not needed: every token this API issues is an access token (RFC 7009 §2.1)',
    }),
    client_id: z.string().optional().openapi({ description: 'required unless sent with HTTP Basic' }),
    client_secret: z.string().optional().openapi({ description: 'required unless sent with HTTP Basic' }),
  } satisfies Record<RevocationParameter, z.ZodType>)
  .openapi('RevocationRequest');

export const revokeRoute = createRoute({
  method: 'post',
  path: '/v3/oauth2/revoke',
  tags: ['OAuth2'],
  summary: 'Revoke an access token (RFC 7009): sign a user out, or withdraw a leaked token',
  description:
    'The client that was issued the token authenticates as at the token endpoint. The token stops working on ' +
    'every instance at once (instances sharing a PostgreSQL hear within milliseconds, and re-check every 5 s), ' +
    'until it would have expired. A token that does not work anyway (unknown, malformed, expired, revoked before) ' +
    'is answered 200 too: its revocation is already achieved (RFC 7009 §2.2).',
  security: [],
  request: {
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: RevocationRequest },
        'application/json': { schema: RevocationRequest },
      },
    },
  },
  responses: {
    200: { description: 'The token is revoked, or was not one that works: an empty body' },
    400: {
      description:
        'invalid_request (no token, a malformed parameter), or unauthorized_client (issued to another client)',
      content: oauthErrorContent,
    },
    ...clientAuthenticationRefusals,
  },
});

/** The revocation endpoint (RFC 7009), parsed by hand like the token endpoint (client-request.ts). */
export function registerRevokeRoute(router: ApiRouter, services: Services, failures: FailureLimiter): void {
  const { db } = services.database;
  router.openAPIRegistry.registerPath(revokeRoute);

  router.post(
    revokeRoute.path,
    clientRequestHandler(
      services,
      failures,
      REVOCATION_PARAMETERS,
      async ({ parameters, authenticate, rateHeaders }) => {
        const application = await authenticate();
        const token = parameters.get('token');
        if (token === undefined) throw new OAuthError('invalid_request', 'Missing parameter: token');
        const facts = await services.tokens.inspect(token);
        // A revoked application's tokens no longer work: nothing to record (and its client is gone: the one asking
        // may be the application that replaced it, as npm start's does when its callbacks change).
        if (facts && !services.tokens.state.isRevoked(facts.applicationId)) {
          if (facts.applicationId !== application.id) {
            throw new OAuthError(
              'unauthorized_client',
              'This token was issued to another client: only that client may revoke it',
            );
          }
          await revokeToken(db, { jti: facts.jti, expiresAt: new Date(facts.expiresAtMs) });
          // Known here before this answer leaves, whenever the notification comes back.
          services.tokens.state.noteTokenRevoked(facts.jti, facts.expiresAtMs);
        }
        return new Response(null, {
          status: 200,
          headers: { 'cache-control': 'no-store', pragma: 'no-cache', ...rateHeaders },
        });
      },
    ),
  );
}
