/** The one route table: route definitions use `path`, links use `href(...)`. */
export type RecapView = 'summary' | 'categories' | 'full';

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  home: { path: '/', href: () => '/' },
  seasons: { path: '/seasons', href: () => '/seasons' },
  season: {
    path: '/seasons/:seasonId',
    href: (seasonId: number, filters: { type?: number; practice?: 'hide' } = {}) =>
      withQuery(`/seasons/${seasonId}`, filters),
  },
  standings: {
    path: '/seasons/:seasonId/standings',
    href: (seasonId: number, divisionId?: number) =>
      withQuery(`/seasons/${seasonId}/standings`, { division: divisionId }),
  },
  event: { path: '/events/:eventId', href: (eventId: number) => `/events/${eventId}` },
  recap: {
    path: '/competitions/:competitionId',
    href: (competitionId: number, options: { view?: RecapView; sort?: string; dir?: 'asc' | 'desc' } = {}) =>
      withQuery(`/competitions/${competitionId}`, options),
  },
  schedule: {
    path: '/competitions/:competitionId/schedule',
    href: (competitionId: number) => `/competitions/${competitionId}/schedule`,
  },
  judges: {
    path: '/competitions/:competitionId/judges',
    href: (competitionId: number, section?: string) =>
      withQuery(`/competitions/${competitionId}/judges`, { section }),
  },
  group: {
    path: '/groups/:groupId',
    href: (groupId: number, seasonId?: number) => withQuery(`/groups/${groupId}`, { season: seasonId }),
  },
} as const;
