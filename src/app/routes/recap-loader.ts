import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { competitionScoresQueryOptions } from '../../features/competitions/api/get-competition-scores';
import { parseId } from '../route-error';

/**
 * The recap's loader, outside its lazy module so the router starts the scores read and the chunk download together
 * (the route module's component reads the same query options with useSuspenseQuery).
 */
export const recapLoader = (queryClient: QueryClient) => async ({ params }: LoaderFunctionArgs) => {
  await queryClient.ensureQueryData(competitionScoresQueryOptions(parseId(params.competitionId, 'Competition')));
  return null;
};

/**
 * View and sort live in the query string and change nothing the loader reads; the query keeps itself fresh
 * (refetchInterval on a live competition), so switching views never waits on the loader.
 */
export function recapShouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
