/**
 * The signed-in user's reads: never shared with a fan's cache entries (their answers differ by who asks). What the
 * console and the set-up pages both read (who is signed in, a competition's progress) is keyed here.
 */
export const signedInKeys = {
  all: ['manage'] as const,
  me: () => [...signedInKeys.all, 'me'] as const,
  /** everything read of one competition: a write to it refreshes this prefix */
  competition: (competitionId: number) => [...signedInKeys.all, 'competition', competitionId] as const,
  progress: (competitionId: number) => [...signedInKeys.competition(competitionId), 'progress'] as const,
};
