/**
 * The API application: middleware and routes, no listening. Tests import this; server.ts serves it.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { randomUUID } from 'node:crypto';
import type { AppEnv } from './http/context.js';
import { answerError, problemResponse } from './http/errors.js';
import { newRouter } from './router.js';
import { ApiProblem } from './http/problem.js';
import type { Services } from './services.js';
import { bearerAuth } from './auth/bearer.js';
import { rateLimit } from './auth/rate-limit.js';
import { oauthRoutes } from './routes/oauth/index.js';
import { v4Routes } from './routes/v4/index.js';
import { v3Routes } from './routes/v3/index.js';
import { anonymousV2Read, v2Routes } from './routes/v2/index.js';
import { v2ErrorMessage } from './routes/v2/error-message.js';
import { publishedPageRoutes } from './routes/pages/index.js';
import { healthRoutes } from './routes/health.js';
import { isStreamedUpload } from './http/unlocked-writes.js';

export { newRouter };

export function createApp(services: Services): OpenAPIHono<AppEnv> {
  const app = newRouter();

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 100) || randomUUID();
    c.set('requestId', requestId);
    // Set before next(): headers added to a finished response make Hono copy the whole response.
    c.header('x-request-id', requestId);
    await next();
    // Responses built outside the context (errors, 401s) do not carry prepared headers: add it in place.
    if (!c.res.headers.has('x-request-id')) c.res.headers.set('x-request-id', requestId);
  });
  // A body the answer did not need (a 401, a 404, a refusal before validation) is read to its end before the answer
  // goes: left unread, the Node adapter drains it in the background and closes the connection after 500 ms, so a
  // client's next request on that kept-alive connection would be lost without an answer. Bounded: the body limit
  // below has already refused anything larger (and a 413 closes the connection instead).
  app.use('*', async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status === 413) return;
    const request = c.req.raw;
    if (!request.body || request.bodyUsed) return;
    // an append's body is a recording's bytes, bounded by the recording's limit, not the body limit: not read to
    // its end, the connection closes after the answer instead
    if (isStreamedUpload(c.req)) c.res.headers.set('connection', 'close');
    else await request.arrayBuffer().catch(() => undefined);
  });
  const limitBody = bodyLimit({
    maxSize: services.config.bodyLimitBytes,
    // The rest of the body is not read: say the connection ends here, or a client would send its next request
    // into a connection about to close and lose it without an answer.
    onError: () =>
      problemResponse(
        new ApiProblem(
          413,
          'body_too_large',
          `The request body is larger than ${services.config.bodyLimitBytes} bytes`,
          [],
          { connection: 'close' },
        ),
      ),
  });
  // Only requests that carry bodies: on a GET the limiter would make the Node adapter build a full Request.
  // Appends stream a recording's bytes, bounded by the recording's limit instead (http/streamed-append.ts).
  app.use('*', (c, next) =>
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- Hono's own `any` for a '*' route's input; the limiter reads no input
    c.req.method === 'GET' || c.req.method === 'HEAD' || isStreamedUpload(c.req) ? next() : limitBody(c, next),
  );
  app.onError(answerError);
  app.notFound((c) =>
    problemResponse(new ApiProblem(404, 'not_found', `No operation at ${c.req.method} ${c.req.path}`)),
  );

  app.use('/2018-03/*', v2ErrorMessage);

  app.get('/openapi.json', (c) => c.json(openApiDocument(app)));
  // liveness and readiness for a load balancer, without a token
  app.route('/', healthRoutes(services));

  // The token and authorize endpoints authenticate the client themselves; everything else needs a bearer token,
  // but for v2's two reads that organizations open to anonymous callers (decision 026).
  app.route('/', oauthRoutes(services));
  // The published pages are public, as the hosted service's are: no token.
  app.route('/', publishedPageRoutes(services));
  app.use('*', bearerAuth(services, anonymousV2Read));
  app.use('*', rateLimit(services.config.rateLimit, services.config.anonymousRateLimit));
  app.route('/', v4Routes(services));
  app.route('/v3', v3Routes(services));
  app.route('/2018-03', v2Routes(services));
  return app;
}

function openApiDocument(app: OpenAPIHono<AppEnv>) {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Competition Management API',
      version: '4.0.0',
      description:
        'Competition data for the marching arts: organizations, seasons, divisions, groups, events, competitions, performances, schedules and scores. ' +
        'v4 has no path prefix, v3 lives under /v3/, v2 under /2018-03/. Every request but the OAuth2 endpoints carries `Authorization: Bearer <token>`.',
    },
  });
  document.components = {
    ...document.components,
    securitySchemes: {
      oauth2: {
        type: 'oauth2',
        flows: {
          clientCredentials: { tokenUrl: '/v3/oauth2/token', scopes: {} },
          authorizationCode: { authorizationUrl: '/v3/oauth2/authorize', tokenUrl: '/v3/oauth2/token', scopes: {} },
        },
      },
    },
  };
  document.security = [{ oauth2: [] }];
  // Write bodies are declared optional for the validator's sake (http/write-body.ts); every one is required.
  // (A read that declares no permission says `read` in the document itself: router.ts.)
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of [item?.post, item?.put, item?.patch]) {
      if (operation?.requestBody && 'content' in operation.requestBody) operation.requestBody.required = true;
    }
  }
  return document;
}
