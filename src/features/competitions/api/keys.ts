export const competitionKeys = {
  all: ['competitions'] as const,
  details: () => [...competitionKeys.all, 'detail'] as const,
  detail: (competitionId: number) => [...competitionKeys.details(), competitionId] as const,
  scores: (competitionId: number) => [...competitionKeys.detail(competitionId), 'scores'] as const,
  schedule: (competitionId: number) => [...competitionKeys.detail(competitionId), 'schedule'] as const,
};
