import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { isApiError } from '../lib/api/core';
import { OfflinePage } from './offline-page';

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

/**
 * Offline: the browser says so. The worker's "offline" answer (a read neither fetched nor saved) comes also when the
 * device is online and the server cannot be reached: that is the service not answering, said as such.
 */
const isOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/** Loaded with a failed page (route-error.tsx): what was not found, offline, or a failure with a way to try again. */
export default function RouteErrorView({ resource = 'Page' }: { resource?: string }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isOffline()) return <OfflinePage />;
  const { status, title, detail } = describe(error, resource);
  return (
    <section aria-labelledby="error-title" className="py-10">
      <title>{`${title} · Marching Results`}</title>
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
