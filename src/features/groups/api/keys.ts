import type { GroupAddress } from '../../../config/paths';

export const groupKeys = {
  all: ['groups'] as const,
  seasons: () => [...groupKeys.all, 'season'] as const,
  /** the seasons with performances of a group */
  across: (group: GroupAddress) =>
    [...groupKeys.all, 'across', { name: group.name, id: group.orgGroupIdentifier }] as const,
  season: (group: GroupAddress, seasonId: number) =>
    [...groupKeys.seasons(), { name: group.name, id: group.orgGroupIdentifier, seasonId }] as const,
};
