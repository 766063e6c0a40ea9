import { signedInKeys } from '../../../lib/signed-in/keys';

/** Group accounts' reads (issue 39), general to specific: a write refreshes the prefix of what it changed. */
export const groupAccountKeys = {
  all: [...signedInKeys.all, 'group-accounts'] as const,
  accessRequests: () => [...groupAccountKeys.all, 'access-requests'] as const,
  accessRequestsIn: (state: AccessRequestState) => [...groupAccountKeys.accessRequests(), state] as const,
  accounts: (groupId: number) => [...groupAccountKeys.all, 'group', groupId] as const,
};

export type AccessRequestState = 'pending' | 'approved' | 'refused';
