import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, type LoaderFunction, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import { PageSkeleton } from '../components/skeleton';
import { RootLayout } from './root-layout';
import { RouteErrorView } from './route-error';
import { pageDeclarations, readsLoader, type PageDeclaration } from './page-reads';
import type { PageHandle } from './pages';

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

/** A route table key's module: `seasonJudges` is routes/season-judges.tsx. */
const moduleName = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The routes, derived: every path of the route table (config/paths.ts) is served by its module, with the reads and
 * rendering its page declares (page-reads.ts), and the not-found page last. Adding a page adds no line here.
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  /** A route whose module brings its own loader (if any). */
  const lazy = (name: string) => () =>
    routeModule(name)
      .load()
      .then((module) => ({
        loader: module.clientLoader?.(queryClient),
        Component: module.default,
        ErrorBoundary: module.ErrorBoundary,
      }));
  /** A route whose module brings only what renders: its reads are declared apart, so they start with the chunk. */
  const view = (name: string) => () =>
    routeModule(name)
      .load()
      .then((module) => ({ Component: module.default, ErrorBoundary: module.ErrorBoundary }));
  const handle = (name: string, page: PageDeclaration) =>
    ({
      page: { module: routeModule(name).module, reads: page.reads, serverRendered: page.serverRendered },
    }) satisfies PageHandle;
  const route = (key: keyof typeof paths): RouteObject => {
    const name = moduleName(key);
    routeModule(name); // a path without its module fails here, when the app starts, not when a fan opens it
    const page = pageDeclarations[key];
    const where = key === 'home' ? { index: true as const } : { path: paths[key].path };
    if (!page) return { ...where, lazy: lazy(name) };
    const revalidate = page.shouldRevalidate ? { shouldRevalidate: page.shouldRevalidate } : {};
    if (page.ownLoader) return { ...where, lazy: lazy(name), handle: handle(name, page), ...revalidate };
    return {
      ...where,
      loader: readsLoader(queryClient, page.reads),
      lazy: view(name),
      handle: handle(name, page),
      ...revalidate,
    };
  };
  return [
    {
      path: paths.home.path,
      Component: RootLayout,
      ErrorBoundary: RouteErrorView,
      HydrateFallback: PageSkeleton,
      children: [...(Object.keys(paths) as (keyof typeof paths)[]).map(route), { path: '*', lazy: lazy('not-found') }],
    },
  ];
}

/** `hydrationData`: the loader results of a page the server rendered (src/entry-server.tsx), so they do not run again. */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(appRoutes(queryClient), { hydrationData });
}
