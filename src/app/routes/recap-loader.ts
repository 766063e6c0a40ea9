import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params, ShouldRevalidateFunctionArgs } from 'react-router';
import { competitionQueryOptions, competitionUrl } from '../../features/competitions/api/get-competition';
import { performancesQueryOptions, performancesUrl } from '../../features/competitions/api/get-performances';
import { parseGuid } from '../route-error';

/**
 * The loader of the recap and the judges view, outside their lazy modules so the router starts the reads and the
 * chunk download together (the route modules read the same query options through useRecap): the competition's
 * summary and its performances, in parallel.
 */
export const recapLoader = (queryClient: QueryClient) => async ({ params }: LoaderFunctionArgs) => {
  const guid = parseGuid(params.competitionGuid, 'Competition');
  await Promise.all([queryClient.ensureQueryData(competitionQueryOptions(guid)), queryClient.ensureQueryData(performancesQueryOptions(guid))]);
  return null;
};

/** What recapLoader reads, as URLs: the page's preload hints (the route's handle, pages.ts). */
export function recapReads(params: Params): string[] {
  const guid = parseGuid(params.competitionGuid, 'Competition');
  return [competitionUrl(guid), performancesUrl(guid)];
}

/**
 * View and sort live in the query string and change nothing the loader reads; the queries keep themselves fresh
 * (refetchInterval on a live competition), so switching views never waits on the loader.
 */
export function recapShouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
