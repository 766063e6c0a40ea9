import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, type LoaderFunction, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import { PageSkeleton } from '../components/skeleton';
import { RootLayout } from './root-layout';
import { RouteErrorView } from './route-error';
import { pageReads, readsLoader, type PageReads } from './page-reads';
import type { PageHandle } from './pages';
import { recapShouldRevalidate } from './routes/recap-loader';

/** What a lazy route module exports: its loader takes the query client it warms. */
interface RouteModule {
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  default: ComponentType;
  ErrorBoundary?: ComponentType;
}

/**
 * The route modules, each its own chunk, by the path the Vite manifest names it by (the BFF's preload hints find
 * a page's chunk by it): the path is the import, never a string kept beside one.
 */
const routeModules = import.meta.glob<RouteModule>(['/src/app/routes/*.tsx', '!/src/app/routes/*.test.tsx']);

function routeModule(name: string): { module: string; load: () => Promise<RouteModule> } {
  const key = `/src/app/routes/${name}.tsx`;
  const load = routeModules[key];
  if (!load) throw new Error(`There is no route module ${key}.`);
  return { module: key.slice(1), load };
}

export function appRoutes(queryClient: QueryClient): RouteObject[] {
  /** A route whose module brings its own loader (if any). */
  const lazy = (name: string) => () =>
    routeModule(name)
      .load()
      .then((module) => ({ loader: module.clientLoader?.(queryClient), Component: module.default, ErrorBoundary: module.ErrorBoundary }));
  /** A route whose module brings only what renders: its reads are declared here, so they start with the chunk. */
  const view = (name: string) => () => routeModule(name).load().then((module) => ({ Component: module.default, ErrorBoundary: module.ErrorBoundary }));
  const handle = (name: string, reads: PageReads, serverRendered: boolean) =>
    ({ page: { module: routeModule(name).module, reads, serverRendered } }) satisfies PageHandle;
  /** A page whose first reads the BFF hints or renders: the loader and the hints come from one declaration. */
  const page = (name: string, reads: PageReads, serverRendered: boolean) => ({
    loader: readsLoader(queryClient, reads),
    lazy: view(name),
    handle: handle(name, reads, serverRendered),
  });
  return [
    {
      path: paths.home.path,
      Component: RootLayout,
      ErrorBoundary: RouteErrorView,
      HydrateFallback: PageSkeleton,
      children: [
        // The pages a fan opens first, whatever the season's size: rendered by the BFF, so a phone paints them as the
        // HTML arrives (docs/decisions/014). Home's loader is its module's: its second read depends on its first.
        { index: true, lazy: lazy('home'), handle: handle('home', pageReads.home, true) },
        { path: paths.seasons.path, lazy: lazy('seasons') },
        { path: paths.season.path, ...page('season', pageReads.season, true) },
        { path: paths.standings.path, ...page('standings', pageReads.standings, true) },
        { path: paths.seasonJudges.path, ...page('season-judges', pageReads.seasonJudges, false) },
        { path: paths.event.path, lazy: lazy('event') },
        // The page fans open during a show: its reads start with the chunk download, not after it, and the BFF renders it.
        { path: paths.recap.path, ...page('recap', pageReads.recap, true), shouldRevalidate: recapShouldRevalidate },
        { path: paths.schedule.path, lazy: lazy('schedule') },
        { path: paths.judges.path, ...page('judges', pageReads.recap, false), shouldRevalidate: recapShouldRevalidate },
        { path: paths.group.path, lazy: lazy('group') },
        // A judge's season at archive scale is some hundred sheets: rendered by the BFF, so a phone paints it as the
        // HTML arrives (bench/results/2026-11-24-judge-season-archive.md). Its loader is its module's: the season read first.
        { path: paths.judge.path, lazy: lazy('judge'), handle: handle('judge', pageReads.home, true) },
        { path: paths.compare.path, lazy: lazy('compare') },
        { path: paths.following.path, lazy: lazy('following') },
        { path: paths.search.path, lazy: lazy('search') },
        { path: '*', lazy: lazy('not-found') },
      ],
    },
  ];
}

/** `hydrationData`: the loader results of a page the server rendered (src/entry-server.tsx), so they do not run again. */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(appRoutes(queryClient), { hydrationData });
}
