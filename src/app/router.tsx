import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, type LoaderFunction, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import { PageSkeleton } from '../components/skeleton';
import { RootLayout } from './root-layout';
import { RouteErrorView } from './route-error';
import type { PageHandle } from './pages';
import { recapLoader, recapReads, recapShouldRevalidate } from './routes/recap-loader';
import { seasonPageReads } from './season-pages';

/** What a lazy route module exports: its loader takes the query client it warms. */
interface RouteModule {
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  default: ComponentType;
  ErrorBoundary?: ComponentType;
}

const convert = (queryClient: QueryClient) => (module: RouteModule) => ({
  loader: module.clientLoader?.(queryClient),
  Component: module.default,
  ErrorBoundary: module.ErrorBoundary,
});

/** For a route whose loader is declared on the route itself: the module brings only what renders. */
const lazyView = (load: () => Promise<Omit<RouteModule, 'clientLoader'>>) => () =>
  load().then((module) => ({ Component: module.default, ErrorBoundary: module.ErrorBoundary }));

export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const lazy = (load: () => Promise<RouteModule>) => () => load().then(convert(queryClient));
  return [
    {
      path: paths.home.path,
      Component: RootLayout,
      ErrorBoundary: RouteErrorView,
      HydrateFallback: PageSkeleton,
      children: [
        // The pages a fan opens first, whatever the season's size: rendered by the BFF, so a phone paints them as the
        // HTML arrives (docs/decisions/014).
        {
          index: true,
          lazy: lazy(() => import('./routes/home')),
          handle: { page: { module: 'src/app/routes/home.tsx', reads: seasonPageReads.home, serverRendered: true } } satisfies PageHandle,
        },
        { path: paths.seasons.path, lazy: lazy(() => import('./routes/seasons')) },
        {
          path: paths.season.path,
          lazy: lazy(() => import('./routes/season')),
          handle: { page: { module: 'src/app/routes/season.tsx', reads: seasonPageReads.season, serverRendered: true } } satisfies PageHandle,
        },
        {
          path: paths.standings.path,
          lazy: lazy(() => import('./routes/standings')),
          handle: { page: { module: 'src/app/routes/standings.tsx', reads: seasonPageReads.standings, serverRendered: true } } satisfies PageHandle,
        },
        { path: paths.event.path, lazy: lazy(() => import('./routes/event')) },
        // The page fans open during a show: its reads start with the chunk download, not after it, and the BFF renders it.
        {
          path: paths.recap.path,
          loader: recapLoader(queryClient),
          shouldRevalidate: recapShouldRevalidate,
          lazy: lazyView(() => import('./routes/recap')),
          handle: { page: { module: 'src/app/routes/recap.tsx', reads: recapReads, serverRendered: true } } satisfies PageHandle,
        },
        { path: paths.schedule.path, lazy: lazy(() => import('./routes/schedule')) },
        {
          path: paths.judges.path,
          loader: recapLoader(queryClient),
          shouldRevalidate: recapShouldRevalidate,
          lazy: lazyView(() => import('./routes/judges')),
          handle: { page: { module: 'src/app/routes/judges.tsx', reads: recapReads, serverRendered: false } } satisfies PageHandle,
        },
        { path: paths.group.path, lazy: lazy(() => import('./routes/group')) },
        { path: paths.following.path, lazy: lazy(() => import('./routes/following')) },
        { path: paths.search.path, lazy: lazy(() => import('./routes/search')) },
        { path: '*', lazy: lazy(() => import('./routes/not-found')) },
      ],
    },
  ];
}

/** `hydrationData`: the loader results of a page the server rendered (src/entry-server.tsx), so they do not run again. */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(appRoutes(queryClient), { hydrationData });
}
