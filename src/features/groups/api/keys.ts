import type { GroupAddress } from '../../../config/paths';

export const groupKeys = {
  all: ['groups'] as const,
  seasons: () => [...groupKeys.all, 'season'] as const,
  season: (group: GroupAddress, seasonId: number) => [...groupKeys.seasons(), { name: group.name, id: group.orgGroupIdentifier, seasonId }] as const,
};
