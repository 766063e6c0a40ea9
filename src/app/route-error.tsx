import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { isGuid } from '../../domain/guid';
import { isId } from '../../domain/ids';
import { isApiError } from '../lib/api-client';

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

function describe(error: unknown, resource: string): { status: number; title: string; detail: string } {
  const status = isApiError(error) ? error.status : isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    return {
      status,
      title: `${resource} not found`,
      detail: `There is no ${resource.toLowerCase()} at this address. It may have been removed, or the link may be mistyped.`,
    };
  }
  if (status === 403 || status === 401) {
    return { status, title: 'Not available', detail: `This ${resource.toLowerCase()} is not available to the public.` };
  }
  if (status === 0 || status === 502 || status === 503 || status === 504) {
    return {
      status,
      title: 'The results service is not answering',
      detail: 'We could not load this page. Check your connection and try again in a moment.',
    };
  }
  return {
    status,
    title: 'Something went wrong',
    detail: `We could not load this ${resource.toLowerCase()}. Please try again.`,
  };
}

/** The error view of a route: what was not found, or a failure with a way to try again. */
export function RouteErrorView({ resource = 'Page' }: { resource?: string }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const { status, title, detail } = describe(error, resource);
  return (
    <section aria-labelledby="error-title" className="py-10">
      <h1 id="error-title" className="heading-1">
        {title}
      </h1>
      <p className="mt-2 max-w-prose">{detail}</p>
      <div className="mt-6 flex gap-3">
        {status !== 404 ? (
          <button
            type="button"
            className="button"
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state === 'loading'}
          >
            {revalidator.state === 'loading' ? 'Retrying…' : 'Try again'}
          </button>
        ) : null}
        <Link className="button" to={paths.home.href()}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
