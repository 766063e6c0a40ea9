/**
 * The app's side of the BFF's pages, built by vite.config.ts into `<build>/.ssr/entry-server.js` and loaded by the
 * BFF (server/bff/pages/app-entry.ts): the page table (`planPage`: which route module and reads a page's first
 * visit needs, and whether it is rendered on the server, from the routes' `handle`) and the server render.
 * Rendering runs the same routes, loaders and components as the browser: the loaders fill a query client of the
 * request's own through the BFF's in-process reader, the page renders to HTML, and the filled queries and loader
 * results go with it so the browser hydrates instead of loading again. A page whose loaders fail is not rendered
 * here: the browser app loads it and shows the error.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { planPage as planPageIn, type PagePlan } from './app/pages';
import { appRoutes } from './app/router';
import { serializeServerState, type ServerState } from './app/server-state';
import { isApiError } from './lib/api/core';
import { setApiTransport, type ApiTransport } from './lib/api/fans';
import { queryDefaults } from './lib/react-query';

export interface RenderedPage {
  /** the app's markup, for the page's `<div id="root">` */
  html: string;
  /** ServerState as JSON text, safe inside a `<script type="application/json">` */
  state: string;
}

/** A page that names nothing: an unknown route, or a loader that found no such competition, season, event or group. */
export interface PageNotFound {
  notFound: true;
}

/**
 * The page at `url`: its markup and state (when `markup` and it renders), PageNotFound (the BFF answers 404 with the
 * app, whose not-found view the browser shows), or undefined for the plain app. Without `markup` only the loaders run.
 */
export type RenderPage = (
  url: string,
  options?: { markup?: boolean },
) => Promise<RenderedPage | PageNotFound | undefined>;

export type { PagePlan };

/** The routes for matching only: their loaders, which would use this client, never run. */
const routeTable = appRoutes(new QueryClient());

/** What the page at `pathname` needs on its first visit (pages.ts), or undefined for a page without a plan. */
export function planPage(pathname: string): PagePlan | undefined {
  return planPageIn(routeTable, pathname);
}

/** `transport` answers the app's `/api/...` reads; the BFF passes its read proxy, the same for every page. */
export function createPageRenderer(transport: ApiTransport): RenderPage {
  setApiTransport(transport);
  return async (url, { markup = true } = {}) => {
    // One client per page: no request sees another's queries. No retries (the browser retries when it loads the
    // page itself) and no garbage-collection timers keeping a finished render in memory.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { ...queryDefaults.queries, retry: false, gcTime: Infinity } },
    });
    try {
      const handler = createStaticHandler(appRoutes(queryClient));
      const context = await handler.query(new Request(url));
      if (context instanceof Response) return undefined;
      if (namesNothing(context)) return { notFound: true };
      if (!markup || context.statusCode !== 200 || context.errors) return undefined;
      const router = createStaticRouter(handler.dataRoutes, context);
      const html = renderToString(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </QueryClientProvider>
        </StrictMode>,
      );
      const state: ServerState = {
        queries: dehydrate(queryClient),
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      };
      return { html, state: serializeServerState(state) };
    } finally {
      queryClient.clear();
    }
  };
}

/** The catch-all route matched, or a loader answered 404 (a malformed id) or read a 404 from the BFF (no such thing). */
function namesNothing(context: StaticHandlerContext): boolean {
  if (context.matches.at(-1)?.route.path === '*') return true;
  return Object.values(context.errors ?? {}).some(
    (error) => (isApiError(error) || isRouteErrorResponse(error)) && error.status === 404,
  );
}
