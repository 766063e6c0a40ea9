export const judgeKeys = {
  all: ['judges'] as const,
  seasons: () => [...judgeKeys.all, 'season'] as const,
  season: (judgeName: string, seasonId: number) => [...judgeKeys.seasons(), { judgeName, seasonId }] as const,
  judged: (judgeName: string) => [...judgeKeys.all, 'seasons-judged', { judgeName }] as const,
};
