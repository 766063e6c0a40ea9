/**
 * The API's read operations as its OpenAPI document declares them (docs/openapi.json, generated from the API's
 * routes by `npm run gen:api-types`, the same document the app's fetch layer is typed from): every GET whose answer
 * is JSON. The sign-in page, a GET that answers HTML, is not a read; nor are the health checks, which declare that
 * they need no token (`security: []`): they are for a load balancer in front of the API, not for the app.
 */
import { readFileSync } from 'node:fs';

interface OpenApiDocument {
  paths: Record<
    string,
    {
      get?: {
        security?: unknown[];
        parameters?: { name: string; in: string }[];
        responses?: Record<string, { content?: Record<string, unknown> }>;
      };
    }
  >;
}

export interface ReadOperation {
  /** the path template, e.g. "/events/{eventId}" */
  template: string;
  /** the names of its query parameters */
  query: string[];
}

const document = JSON.parse(
  readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;

export const READ_OPERATIONS: readonly ReadOperation[] = Object.entries(document.paths).flatMap(([template, item]) =>
  item.get?.responses?.['200']?.content?.['application/json'] !== undefined && item.get.security?.length !== 0
    ? [
        {
          template,
          query: (item.get.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => parameter.name),
        },
      ]
    : [],
);
