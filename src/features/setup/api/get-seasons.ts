import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type Season = components['schemas']['Season'];

/**
 * The organization's seasons as the signed-in user reads them (through the BFF, never the fans' cached copies: what
 * was just created shows at once), the latest included.
 */
export const setupSeasonsQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.seasons(),
    queryFn: ({ signal }) => getAsUser('/seasons/', { signal }),
    // newest first, as every set-up page lists them
    select: (result) => [...result.body.data].sort((a, b) => b.startDate.localeCompare(a.startDate) || b.id - a.id),
  });

/** The season the set-up pages open on: the organization's current one (its choice, else its dates), else the first. */
export const currentSetupSeason = (seasons: readonly Season[]): Season | undefined =>
  seasons.find((season) => season.current) ?? seasons[0];
