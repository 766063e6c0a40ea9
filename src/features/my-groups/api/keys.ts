import { signedInKeys } from '../../../lib/signed-in/keys';

/** A group's own reads (decision 133): the signed-in account's, never a fan's cache entries. */
export const myGroupsKeys = {
  group: (groupId: number) => [...signedInKeys.all, 'my-groups', groupId] as const,
  contests: (groupId: number) => [...myGroupsKeys.group(groupId), 'contests'] as const,
  sheet: (groupId: number, performanceId: number) => [...myGroupsKeys.contests(groupId), performanceId] as const,
  /** what the group may register for and its registrations (decision 136) */
  registrations: (groupId: number) => [...myGroupsKeys.group(groupId), 'registrations'] as const,
  recording: (groupId: number, recordingId: number) =>
    [...myGroupsKeys.group(groupId), 'recording', recordingId] as const,
};
