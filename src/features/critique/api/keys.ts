import { signedInKeys } from '../../../lib/signed-in/keys';

/**
 * Critique's reads (decision 137): a competition's whole schedule, and a group's own slots, the latter under the
 * prefix of the group's own reads (features/my-groups/api/keys.ts), never a fan's cache entry.
 */
export const critiqueKeys = {
  competition: (competitionId: number) => [...signedInKeys.all, 'critique', competitionId] as const,
  group: (groupId: number) => [...signedInKeys.all, 'my-groups', groupId, 'critiques'] as const,
};
