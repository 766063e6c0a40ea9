/** The signed-in user's reads: never shared with a fan's cache entries (their answers differ by who asks). */
export const manageKeys = {
  all: ['manage'] as const,
  me: () => [...manageKeys.all, 'me'] as const,
  competition: (competitionId: number) => [...manageKeys.all, 'competition', competitionId] as const,
  progress: (competitionId: number) => [...manageKeys.competition(competitionId), 'progress'] as const,
  preview: (competitionId: number) => [...manageKeys.competition(competitionId), 'preview'] as const,
  audit: (competitionId: number) => [...manageKeys.competition(competitionId), 'audit'] as const,
};

/**
 * How often the console asks while its stream of changes is not open (decision 101): dropped, refused or not yet
 * connected. With the stream open it asks only when told something changed.
 */
export const CONSOLE_FALLBACK_POLL_MS = 5_000;
