import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { isApiError } from '../lib/api-client';

/** Thrown by loaders for a URL that cannot name anything (e.g. /competitions/abc). */
export function notFound(what: string): Response {
  return new Response(what, { status: 404, statusText: 'Not Found' });
}

/** The API's ids are 32-bit (docs/openapi.json): a bigger number names nothing, and the API would answer 400. */
const MAX_ID = 2_147_483_647;

/** Parses a route's integer id, or answers 404 naming what was looked for. */
export function parseId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_ID) throw notFound(what);
  return id;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route's guid (a competition's, as v2 names it), or 404 naming what was looked for. */
export function parseGuid(value: string | undefined, what: string): string {
  if (value === undefined || !GUID.test(value)) throw notFound(what);
  return value;
}

function describe(error: unknown, resource: string): { status: number; title: string; detail: string } {
  const status = isApiError(error) ? error.status : isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    return { status, title: `${resource} not found`, detail: `There is no ${resource.toLowerCase()} at this address. It may have been removed, or the link may be mistyped.` };
  }
  if (status === 403 || status === 401) {
    return { status, title: 'Not available', detail: `This ${resource.toLowerCase()} is not available to the public.` };
  }
  if (status === 0 || status === 502 || status === 503 || status === 504) {
    return { status, title: 'The results service is not answering', detail: 'We could not load this page. Check your connection and try again in a moment.' };
  }
  return { status, title: 'Something went wrong', detail: `We could not load this ${resource.toLowerCase()}. Please try again.` };
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
          <button type="button" className="button" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === 'loading'}>
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
