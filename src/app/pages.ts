import { matchRoutes, type RouteObject } from 'react-router';
import { readUrls, type PageReads } from './page-reads';

/**
 * What the BFF needs to know of a page before the app runs (its `<link rel="modulepreload">` and
 * `<link rel="preload" as="fetch">` hints, and whether it renders the page on the server), declared on the route
 * itself as its `handle`, so the route table stays the one place that knows the app's pages.
 */
export interface PageHandle {
  page: {
    /** the route's lazy module as the Vite manifest names it (the file its `lazy` imports) */
    module: string;
    /** what its loader reads first (page-reads.ts): their URLs are the page's `/api/...` hints */
    reads: PageReads;
    /**
     * Rendered on the server, its data in the page. Only for a page everything of which is the same on the server and
     * in the browser (the viewer's zone, clock and screen wait for hydration: useHydrated).
     */
    serverRendered: boolean;
  };
}

/** A page's plan: what the BFF adds to its first visit. */
export interface PagePlan {
  module: string;
  reads: string[];
  serverRendered: boolean;
}

/** The plan of the page at `pathname`: the deepest matching route's handle, undefined for a page without one. */
export function planPage(routes: RouteObject[], pathname: string): PagePlan | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const match of [...matches].reverse()) {
    const handle = match.route.handle as Partial<PageHandle> | undefined;
    if (!handle?.page) continue;
    try {
      return {
        module: handle.page.module,
        reads: readUrls(handle.page.reads, match.params),
        serverRendered: handle.page.serverRendered,
      };
    } catch {
      // A URL the page's loader would answer 404 (a malformed id): no hints for it.
      return undefined;
    }
  }
  return undefined;
}
