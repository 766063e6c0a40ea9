import { signedInKeys } from '../../../lib/signed-in/keys';

/** The console's reads, under the signed-in keys it shares with the set-up pages. */
export const manageKeys = {
  ...signedInKeys,
  preview: (competitionId: number) => [...signedInKeys.competition(competitionId), 'preview'] as const,
  audit: (competitionId: number) => [...signedInKeys.competition(competitionId), 'audit'] as const,
  awards: (competitionId: number) => [...signedInKeys.competition(competitionId), 'awards'] as const,
  /** the judges' commentary: under the competition's key, asked again on the console's changes */
  commentary: (competitionId: number) => [...signedInKeys.competition(competitionId), 'commentary'] as const,
  /** not under the competition's key: the console's changes do not ask it again, its own stream's changes do */
  tablets: (competitionId: number) => [...signedInKeys.all, 'tablets', competitionId] as const,
  /** the server's, not a competition's */
  backups: () => [...signedInKeys.all, 'backups'] as const,
};

/**
 * How often the console asks while its stream of changes is not open (decision 101): dropped, refused or not yet
 * connected. With the stream open it asks only when told something changed.
 */
export const CONSOLE_FALLBACK_POLL_MS = 5_000;
