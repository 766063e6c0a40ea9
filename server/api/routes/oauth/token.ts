import { createRoute, z } from '@hono/zod-openapi';
import type { ApiRouter } from '../../http/context.js';
import type { Services } from '../../services.js';
import { OAuthError, tokenEndpointResponse } from '../../auth/oauth-error.js';
import { authorizationCodeGrant, clientCredentialsGrant, SUPPORTED_GRANT_TYPES } from '../../auth/grants.js';
import type { FailureLimiter } from '../../auth/failure-limiter.js';
import { TOKEN_PARAMETERS, type TokenParameter } from './oauth-parameters.js';
import { clientAuthenticationRefusals, clientRequestHandler, oauthErrorContent } from './client-request.js';

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
      content: oauthErrorContent,
    },
    ...clientAuthenticationRefusals,
  },
});

/**
 * The token endpoint. Registered for the OpenAPI document but parsed by hand: its errors are RFC 6749 JSON, not
 * the problem+json the shared validators produce, and a duplicated parameter must be noticed before parsing
 * folds it away (client-request.ts).
 */
export function registerTokenRoute(router: ApiRouter, services: Services, failures: FailureLimiter): void {
  const { db } = services.database;
  router.openAPIRegistry.registerPath(tokenRoute);

  router.post(
    tokenRoute.path,
    clientRequestHandler(services, failures, TOKEN_PARAMETERS, async ({ parameters, authenticate, rateHeaders }) => {
      const grantType = parameters.get('grant_type');
      if (grantType === undefined) throw new OAuthError('invalid_request', 'Missing parameter: grant_type');
      if (!(SUPPORTED_GRANT_TYPES as readonly string[]).includes(grantType)) {
        throw new OAuthError(
          'unsupported_grant_type',
          `grant_type must be one of: ${SUPPORTED_GRANT_TYPES.join(', ')}`,
        );
      }
      const application = await authenticate();
      const token =
        grantType === 'client_credentials'
          ? await clientCredentialsGrant(db, services.tokens, application)
          : await authorizationCodeGrant(db, services.tokens, application, parameters, services.now);
      return tokenEndpointResponse(token, 200, rateHeaders);
    }),
  );
}
