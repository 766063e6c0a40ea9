import type { GroupAddress } from '../../../config/paths';

export const followingKeys = {
  all: ['following'] as const,
  summaries: () => [...followingKeys.all, 'summary'] as const,
  summary: (group: GroupAddress) =>
    [...followingKeys.summaries(), { name: group.name, id: group.orgGroupIdentifier }] as const,
};
