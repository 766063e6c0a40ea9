export const competitionKeys = {
  all: ['competitions'] as const,
  details: () => [...competitionKeys.all, 'detail'] as const,
  detail: (competitionGuid: string) => [...competitionKeys.details(), competitionGuid] as const,
  performances: (competitionGuid: string) => [...competitionKeys.detail(competitionGuid), 'performances'] as const,
  corrections: (competitionGuid: string) => [...competitionKeys.detail(competitionGuid), 'corrections'] as const,
  /** the schedule is read by the competition's id (the guid names it in the URL): the key holds both */
  schedule: (competitionGuid: string, competitionId: number) =>
    [...competitionKeys.detail(competitionGuid), 'schedule', competitionId] as const,
};
