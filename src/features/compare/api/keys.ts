import type { GroupAddress } from '../../../config/paths';

export const compareKeys = {
  all: ['compare'] as const,
  seasons: () => [...compareKeys.all, 'season'] as const,
  acrossSeasons: (groups: readonly GroupAddress[]) =>
    [...compareKeys.all, 'across-seasons', { groups: groups.map((g) => [g.name, g.orgGroupIdentifier]) }] as const,
  season: (groups: readonly GroupAddress[], seasonId: number) =>
    [...compareKeys.seasons(), { groups: groups.map((g) => [g.name, g.orgGroupIdentifier]), seasonId }] as const,
};
