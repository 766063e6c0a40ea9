import { createRoute, z } from '@hono/zod-openapi';
import type { ApiRouter } from '../../http/context.js';
import type { Services } from '../../services.js';
import { findApplicationByClientId } from '../../db/repositories/applications.js';
import { authenticateClient, readClientCredentials, type ClientCredentials } from '../../auth/client-auth.js';
import { OAuthError, oauthErrorResponse, tokenEndpointResponse } from '../../auth/oauth-error.js';
import { authorizationCodeGrant, clientCredentialsGrant, SUPPORTED_GRANT_TYPES } from '../../auth/grants.js';
import { rateLimitHeaders } from '../../auth/rate-limiter.js';
import { createFailureLimiter } from '../../auth/failure-limiter.js';
import { readTokenParameters, type TokenParameter } from './token-parameters.js';
import { remoteAddress } from './remote-address.js';

const TokenRequest = z
  .object({
    grant_type: z.enum(SUPPORTED_GRANT_TYPES),
    client_id: z.string().optional().openapi({ description: 'required unless sent with HTTP Basic' }),
    client_secret: z.string().optional().openapi({ description: 'required unless sent with HTTP Basic' }),
    code: z.string().optional().openapi({ description: 'authorization_code: the code from the redirect' }),
    redirect_uri: z
      .string()
      .optional()
      .openapi({ description: 'authorization_code: the redirect_uri of the authorization request' }),
    code_verifier: z.string().optional().openapi({ description: 'authorization_code: the PKCE verifier (S256)' }),
  } satisfies Record<TokenParameter, z.ZodType>)
  .openapi('TokenRequest');

const TokenResponse = z
  .object({
    token_type: z.literal('bearer'),
    access_token: z.string(),
    expires_in: z.number().int().openapi({ example: 7200 }),
  })
  .openapi('TokenResponse');

const OAuthErrorBody = z
  .object({ error: z.string().openapi({ example: 'invalid_client' }), error_description: z.string() })
  .openapi('OAuthError');

const errorContent = { 'application/json': { schema: OAuthErrorBody } };

export const tokenRoute = createRoute({
  method: 'post',
  path: '/v3/oauth2/token',
  tags: ['OAuth2'],
  summary: 'Get an access token (client credentials, or authorization code with PKCE)',
  security: [],
  request: {
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: TokenRequest },
        'application/json': { schema: TokenRequest },
      },
    },
  },
  responses: {
    200: { description: 'The access token', content: { 'application/json': { schema: TokenResponse } } },
    400: {
      description: 'invalid_request, invalid_grant, unauthorized_client or unsupported_grant_type',
      content: errorContent,
    },
    401: { description: 'invalid_client (with a Basic challenge)', content: errorContent },
    429: {
      description:
        'Too many failed token requests from this address, or for this client from this address (see Retry-After)',
      content: errorContent,
    },
  },
});

/**
 * The token endpoint. Registered for the OpenAPI document but parsed by hand: its errors are RFC 6749 JSON, not
 * the problem+json the shared validators produce, and a duplicated parameter must be noticed before parsing
 * folds it away.
 */
export function registerTokenRoute(router: ApiRouter, services: Services): void {
  const { db } = services.database;
  const failures = createFailureLimiter(services.config.tokenRateLimit);
  router.openAPIRegistry.registerPath(tokenRoute);

  router.post(tokenRoute.path, async (c) => {
    const address = remoteAddress(c);
    let clientId: string | undefined;
    let rateHeaders: Record<string, string> = {};
    try {
      let parameters: Map<string, string> | undefined;
      let credentials: ClientCredentials | undefined;
      let refusal: unknown;
      try {
        parameters = await readTokenParameters(c);
        credentials = readClientCredentials(c.req.header('authorization'), parameters);
      } catch (error) {
        refusal = error;
      }
      clientId = credentials?.clientId;

      const allowance = failures.check(address, clientId);
      rateHeaders = rateLimitHeaders(allowance);
      if (!allowance.allowed) {
        throw new OAuthError(
          'too_many_requests',
          `Too many failed token requests; retry in ${allowance.resetSeconds} seconds`,
          429,
        );
      }
      if (refusal) throw refusal;

      const grantType = parameters!.get('grant_type');
      if (grantType === undefined) throw new OAuthError('invalid_request', 'Missing parameter: grant_type');
      if (!(SUPPORTED_GRANT_TYPES as readonly string[]).includes(grantType)) {
        throw new OAuthError(
          'unsupported_grant_type',
          `grant_type must be one of: ${SUPPORTED_GRANT_TYPES.join(', ')}`,
        );
      }
      // One lookup whether or not the client exists; authenticateClient then does the same hash work either way.
      const claimed = credentials ? await findApplicationByClientId(db, credentials.clientId) : undefined;
      const application = authenticateClient(credentials, claimed);
      const token =
        grantType === 'client_credentials'
          ? await clientCredentialsGrant(db, services.tokens, application)
          : await authorizationCodeGrant(db, services.tokens, application, parameters!, services.now);
      return tokenEndpointResponse(token, 200, rateHeaders);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      // Every refused request is a failure of its address (and of the client it named), except the refusals of
      // the limiter itself, which would otherwise extend the attacker's own window.
      if (error.error !== 'too_many_requests') rateHeaders = rateLimitHeaders(failures.fail(address, clientId));
      return oauthErrorResponse(
        new OAuthError(error.error, error.description, error.status, { ...rateHeaders, ...error.headers }),
      );
    }
  });
}
