import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import type { Services } from '../../services.js';
import { findApplicationByClientId, type Application } from '../../db/repositories/applications.js';
import { authenticateClient, readClientCredentials, type ClientCredentials } from '../../auth/client-auth.js';
import { OAuthError, oauthErrorResponse } from '../../auth/oauth-error.js';
import { rateLimitHeaders } from '../../auth/rate-limiter.js';
import type { FailureLimiter } from '../../auth/failure-limiter.js';
import { readOAuthParameters } from './oauth-parameters.js';
import { remoteAddress } from './remote-address.js';

const OAuthErrorBody = z
  .object({ error: z.string().openapi({ example: 'invalid_client' }), error_description: z.string() })
  .openapi('OAuthError');

/** An RFC 6749 §5.2 error answer, as the OpenAPI document shows it. */
export const oauthErrorContent = { 'application/json': { schema: OAuthErrorBody } };

/** The refusals both endpoints answer before they look at what was asked. */
export const clientAuthenticationRefusals = {
  401: { description: 'invalid_client (with a Basic challenge)', content: oauthErrorContent },
  429: {
    description:
      'Too many failed token or revocation requests from this address, or for this client from this address (see Retry-After)',
    content: oauthErrorContent,
  },
};

export interface ClientRequest {
  parameters: Map<string, string>;
  /** the client these credentials authenticate, or invalid_client (RFC 6749 §2.3) */
  authenticate: () => Promise<Application>;
  /** the RateLimit headers every answer carries */
  rateHeaders: Record<string, string>;
}

/**
 * What the token and the revocation endpoints share: the body's parameters (`known`), the client's credentials
 * (HTTP Basic or the body), the failure limiter (one for both endpoints, so guesses at a secret count together),
 * and RFC 6749 JSON errors rather than problem+json. Every refused request counts as a failure of its address (and
 * of the client it named), except the limiter's own refusals, which would otherwise extend the attacker's window.
 */
export function clientRequestHandler(
  services: Services,
  failures: FailureLimiter,
  known: readonly string[],
  answer: (request: ClientRequest) => Promise<Response>,
): (c: Context<AppEnv>) => Promise<Response> {
  const { db } = services.database;
  return async (c) => {
    const address = remoteAddress(c);
    let clientId: string | undefined;
    let rateHeaders: Record<string, string> = {};
    try {
      let parameters: Map<string, string> | undefined;
      let credentials: ClientCredentials | undefined;
      let refused: { error: unknown } | undefined;
      try {
        parameters = await readOAuthParameters(c, known);
        credentials = readClientCredentials(c.req.header('authorization'), parameters);
      } catch (error) {
        refused = { error };
      }
      clientId = credentials?.clientId;

      const allowance = failures.check(address, clientId);
      rateHeaders = rateLimitHeaders(allowance);
      if (!allowance.allowed) {
        throw new OAuthError(
          'too_many_requests',
          `Too many failed requests; retry in ${allowance.resetSeconds} seconds`,
          429,
        );
      }
      if (refused) throw refused.error;
      return await answer({
        parameters: parameters!,
        rateHeaders,
        authenticate: async () => {
          // One lookup whether or not the client exists; authenticateClient then does the same hash work either way.
          const claimed = credentials ? await findApplicationByClientId(db, credentials.clientId) : undefined;
          return authenticateClient(credentials, claimed);
        },
      });
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (error.error !== 'too_many_requests') rateHeaders = rateLimitHeaders(failures.fail(address, clientId));
      return oauthErrorResponse(
        new OAuthError(error.error, error.description, error.status, { ...rateHeaders, ...error.headers }),
      );
    }
  };
}
