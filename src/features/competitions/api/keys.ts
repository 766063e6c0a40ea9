export const competitionKeys = {
  all: ['competitions'] as const,
  details: () => [...competitionKeys.all, 'detail'] as const,
  detail: (competitionGuid: string) => [...competitionKeys.details(), competitionGuid] as const,
  performances: (competitionGuid: string) => [...competitionKeys.detail(competitionGuid), 'performances'] as const,
  schedule: (competitionGuid: string) => [...competitionKeys.detail(competitionGuid), 'schedule'] as const,
};
