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
 * How often the console asks while its tab is visible: a judge's entry shows within 2 s (issue 27). A poll through
 * the BFF with If-None-Match, until the BFF has a live channel for signed-in users (decision 091).
 */
export const CONSOLE_POLL_MS = 1_500;
