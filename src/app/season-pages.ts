import type { Params } from 'react-router';
import { seasonCalendarUrl } from '../features/events/api/get-season-calendar';
import { seasonsUrl } from '../features/seasons/api/get-seasons';
import { standingsUrl } from '../features/standings/api/get-standings';
import { parseId } from './route-error';

/**
 * What the loaders of home, a season and its standings read first, as URLs: their pages' preload hints when the
 * BFF sends the plain app (pages.ts). Home's calendar depends on which season is current, known only once read.
 */
export const seasonPageReads = {
  home: (): string[] => [seasonsUrl()],
  season: (params: Params): string[] => [seasonCalendarUrl(parseId(params.seasonId, 'Season'))],
  standings: (params: Params): string[] => [standingsUrl(parseId(params.seasonId, 'Season'))],
};
