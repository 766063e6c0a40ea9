import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params, ShouldRevalidateFunction } from 'react-router';
import type { paths } from '../config/paths';
import { competitionQueryOptions } from '../features/competitions/api/get-competition';
import { correctionsQueryOptions } from '../features/competitions/api/get-corrections';
import { performancesQueryOptions } from '../features/competitions/api/get-performances';
import { seasonCalendarQueryOptions } from '../features/events/api/get-season-calendar';
import { seasonJudgesQueryOptions } from '../features/seasons/api/get-season-judges';
import { seasonsQueryOptions } from '../features/seasons/api/get-seasons';
import { standingsQueryOptions } from '../features/standings/api/get-standings';
import { parseGuid, parseId } from './route-error';
import { recapShouldRevalidate } from './routes/recap-loader';

/**
 * What a page reads first, declared once per page: the query options its loader ensures, whose `meta.url` is the
 * same read as the BFF's preload hint and the server render's (pages.ts). A malformed address throws the 404 the
 * loader would.
 */
export interface PageRead {
  queryKey: QueryKey;
  meta?: Record<string, unknown>;
}
export type PageReads = (params: Params) => PageRead[];

export const pageReads = {
  // Home's calendar depends on which season is current, known only once read (routes/home.tsx reads it next).
  home: () => [seasonsQueryOptions()],
  season: (params: Params) => [seasonCalendarQueryOptions(parseId(params.seasonId, 'Season'))],
  standings: (params: Params) => [standingsQueryOptions(parseId(params.seasonId, 'Season'))],
  seasonJudges: (params: Params) => [seasonJudgesQueryOptions(parseId(params.seasonId, 'Season'))],
  recap: (params: Params) => {
    const guid = parseGuid(params.competitionGuid, 'Competition');
    return [competitionQueryOptions(guid), performancesQueryOptions(guid), correctionsQueryOptions(guid)];
  },
} satisfies Record<string, PageReads>;

/**
 * The pages whose first reads the BFF hints (and renders, when `serverRendered`), by their key in the route table
 * (config/paths.ts); the router (router.tsx) derives each page's route from its path, its module
 * (routes/<kebab-case key>.tsx) and this. A page not named here is its module alone, with the module's own loader.
 */
export interface PageDeclaration {
  reads: PageReads;
  /** rendered by the BFF, its data in the page (pages.ts) */
  serverRendered: boolean;
  /** the module's `clientLoader` loads the page, not these reads: its later reads depend on its first */
  ownLoader?: true;
  shouldRevalidate?: ShouldRevalidateFunction;
}

export const pageDeclarations: Partial<Record<keyof typeof paths, PageDeclaration>> = {
  // The pages a fan opens first, whatever the season's size: rendered by the BFF, so a phone paints them as the
  // HTML arrives (docs/decisions/014).
  home: { reads: pageReads.home, serverRendered: true, ownLoader: true },
  season: { reads: pageReads.season, serverRendered: true },
  standings: { reads: pageReads.standings, serverRendered: true },
  seasonJudges: { reads: pageReads.seasonJudges, serverRendered: false },
  // The page fans open during a show: its reads start with the chunk download, not after it, and the BFF renders it.
  recap: { reads: pageReads.recap, serverRendered: true, shouldRevalidate: recapShouldRevalidate },
  recapJudges: { reads: pageReads.recap, serverRendered: false, shouldRevalidate: recapShouldRevalidate },
  // A judge's season at archive scale is some hundred sheets: rendered by the BFF, so a phone paints it as the HTML
  // arrives (bench/results/2026-11-24-judge-season-archive.md). The season read first, by its module's loader.
  judgeSeason: { reads: pageReads.home, serverRendered: true, ownLoader: true },
};

/** The URLs of a page's reads, as the app's fetch asks for them. */
export function readUrls(reads: PageReads, params: Params): string[] {
  return reads(params).map((read) => {
    const url = read.meta?.url;
    if (typeof url !== 'string') throw new Error(`the query ${JSON.stringify(read.queryKey)} declares no meta.url`);
    return url;
  });
}

/** Ensures every read of the page, in parallel. */
export async function ensureReads(queryClient: QueryClient, reads: PageReads, params: Params): Promise<void> {
  // The reads are the features' own query options: each is a valid ensureQueryData argument.
  await Promise.all(
    reads(params).map((read) => queryClient.ensureQueryData(read as Parameters<QueryClient['ensureQueryData']>[0])),
  );
}

/** A route loader that ensures the page's reads. */
export const readsLoader =
  (queryClient: QueryClient, reads: PageReads) =>
  async ({ params }: LoaderFunctionArgs) => {
    await ensureReads(queryClient, reads, params);
    return null;
  };
