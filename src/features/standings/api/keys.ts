export interface StandingsFilters {
  seasonId: number;
  divisionId?: number;
}

export const standingsKeys = {
  all: ['standings'] as const,
  lists: () => [...standingsKeys.all, 'list'] as const,
  list: (filters: StandingsFilters) => [...standingsKeys.lists(), filters] as const,
};
