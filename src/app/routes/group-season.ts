import { currentSeason } from '../../features/seasons/api/get-seasons';
import type { Season } from '../../lib/api-models';

/** The season named by `?season=`, else the current one. */
export function seasonFromUrl(seasons: Season[], searchParams: URLSearchParams): Season | undefined {
  const id = Number(searchParams.get('season'));
  return seasons.find((season) => season.id === id) ?? currentSeason(seasons);
}
