import { lazy, Suspense } from 'react';
import { isGuid } from '../../domain/guid';
import { isId } from '../../domain/ids';

/** Thrown by loaders for a URL that cannot name anything (e.g. /competitions/abc). */
export function notFound(what: string): Response {
  return new Response(what, { status: 404, statusText: 'Not Found' });
}

/** Parses a route's integer id (domain/ids.ts: a bigger one names nothing), or answers 404 naming what was looked for. */
export function parseId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!isId(id)) throw notFound(what);
  return id;
}

/** A route's guid (a competition's, as v2 names it), or 404 naming what was looked for. */
export function parseGuid(value: string | undefined, what: string): string {
  if (value === undefined || !isGuid(value)) throw notFound(what);
  return value;
}

/**
 * The view's code loads when a page fails, never with the first page (the initial JS budget): error pages are not
 * rendered on the server (src/entry-server.tsx), and offline the worker has the chunk (built-files, warmed at install).
 */
const ErrorView = lazy(() => import('./route-error-view'));

/** The error view of a route: what was not found, offline, or a failure with a way to try again. */
export function RouteErrorView(props: { resource?: string }) {
  return (
    <Suspense>
      <ErrorView {...props} />
    </Suspense>
  );
}
