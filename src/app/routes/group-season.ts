import type { GroupAddress } from '../../config/paths';
import { currentSeason } from '../../features/seasons/api/get-seasons';
import type { Season } from '../../lib/api-models';

/**
 * The season named by `?season=`, else the newest of `held` (the seasons with performances of the group, newest
 * first), else the current one.
 */
export function seasonFromUrl(
  seasons: Season[],
  searchParams: URLSearchParams,
  held: Season[] = [],
): Season | undefined {
  const id = Number(searchParams.get('season'));
  return seasons.find((season) => season.id === id) ?? held[0] ?? currentSeason(seasons);
}

/** The group a group page is about: the name in its path, the circuit's identifier in `?id=` when it has one. */
export function groupFromUrl(name: string | undefined, searchParams: URLSearchParams): GroupAddress {
  return { name: (name ?? '').trim(), orgGroupIdentifier: searchParams.get('id')?.trim() ?? '' };
}
