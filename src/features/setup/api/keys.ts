import { signedInKeys } from '../../../lib/signed-in/keys';

/** The set-up pages' reads, general to specific: a write refreshes the prefix of what it changed. */
export const setupKeys = {
  all: [...signedInKeys.all, 'setup'] as const,
  seasons: () => [...setupKeys.all, 'seasons'] as const,
  divisions: () => [...setupKeys.all, 'divisions'] as const,
  divisionSheet: (divisionId: number) => [...setupKeys.divisions(), divisionId, 'sheet'] as const,
  scoreSheets: () => [...setupKeys.all, 'score-sheets'] as const,
  events: () => [...setupKeys.all, 'events'] as const,
  seasonEvents: (seasonId: number) => [...setupKeys.events(), 'season', seasonId] as const,
  event: (eventId: number) => [...setupKeys.events(), 'event', eventId] as const,
  competitionRounds: (competitionId: number) => [...setupKeys.events(), 'competition', competitionId] as const,
  schedule: (competitionId: number) => [...setupKeys.all, 'schedule', competitionId] as const,
  /** the schedule builder's draft and versions: under `schedule`, so a write to the running order refreshes them */
  scheduleDraft: (competitionId: number) => [...setupKeys.schedule(competitionId), 'draft'] as const,
  scheduleVersions: (competitionId: number) => [...setupKeys.schedule(competitionId), 'versions'] as const,
  /** the logistical templates (decision 141): under `schedule`, so publishing refreshes their performances' minutes */
  itineraryTemplates: (competitionId: number) => [...setupKeys.schedule(competitionId), 'templates'] as const,
  draws: (competitionId: number) => [...setupKeys.all, 'draws', competitionId] as const,
  /** a competition's registration and every group's registration into it (decision 136) */
  registration: (competitionId: number) => [...setupKeys.all, 'registration', competitionId] as const,
  groups: () => [...setupKeys.all, 'groups'] as const,
  users: () => [...setupKeys.all, 'users'] as const,
  /** "find my group" requests (issue 39), of one state */
  accessRequests: () => [...setupKeys.all, 'access-requests'] as const,
  accessRequestsIn: (state: AccessRequestState) => [...setupKeys.accessRequests(), state] as const,
  /** a group's own accounts */
  groupAccounts: (groupId: number) => [...setupKeys.all, 'group-accounts', groupId] as const,
};

export type AccessRequestState = 'pending' | 'approved' | 'refused';
