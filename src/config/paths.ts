/**
 * The one route table: route definitions use `path`, links use `href(...)`. Competitions are addressed by their v2
 * guid and groups by what v2 gives (name, and the circuit's identifier when there is one): addresses every upstream
 * understands, so a link shared from the app on one works on the other.
 */
export type RecapView = 'summary' | 'categories' | 'full';

/** A group as v2 names it: its identifier decides when the circuit gives one. */
export interface GroupAddress {
  name: string;
  orgGroupIdentifier: string;
}

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
    href: (seasonId: number, filters: { type?: number; practice?: 'hide'; q?: string; page?: number } = {}) =>
      withQuery(`/seasons/${seasonId}`, { ...filters, page: filters.page === 1 ? undefined : filters.page }),
  },
  standings: {
    path: '/seasons/:seasonId/standings',
    href: (seasonId: number, divisionName?: string, page?: number) =>
      withQuery(`/seasons/${seasonId}/standings`, { division: divisionName, page: page === 1 ? undefined : page }),
  },
  seasonJudges: { path: '/seasons/:seasonId/judges', href: (seasonId: number) => `/seasons/${seasonId}/judges` },
  /** a judge's season, named as v2's captions carry the judge (first + " " + last): its page is another feature's */
  judge: {
    path: '/judges/:judgeName',
    href: (name: string, seasonId: number) => `/judges/${encodeURIComponent(name)}?season=${seasonId}`,
  },
  event: { path: '/events/:eventId', href: (eventId: number) => `/events/${eventId}` },
  recap: {
    path: '/competitions/:competitionGuid',
    href: (competitionGuid: string, options: { view?: RecapView; sort?: string; dir?: 'asc' | 'desc' } = {}) =>
      withQuery(`/competitions/${competitionGuid}`, options),
  },
  schedule: {
    path: '/competitions/:competitionGuid/schedule',
    href: (competitionGuid: string) => `/competitions/${competitionGuid}/schedule`,
  },
  judges: {
    path: '/competitions/:competitionGuid/judges',
    href: (competitionGuid: string, section?: string) => withQuery(`/competitions/${competitionGuid}/judges`, { section }),
  },
  group: {
    path: '/groups/:groupName',
    href: (group: GroupAddress, seasonId?: number) =>
      withQuery(`/groups/${encodeURIComponent(group.name)}`, { id: group.orgGroupIdentifier || undefined, season: seasonId }),
  },
  search: { path: '/search', href: (q?: string) => withQuery('/search', { q }) },
  /** Each group as a `group` followed by its `id` (empty when the circuit gives none), in order: see readGroupList. */
  following: {
    path: '/following',
    href: (groups: readonly GroupAddress[] = []) => {
      const search = new URLSearchParams();
      for (const group of groups) {
        search.append('group', group.name);
        search.append('id', group.orgGroupIdentifier);
      }
      const text = search.toString();
      return text ? `/following?${text}` : '/following';
    },
  },
} as const;

/** Most groups a shared list carries: a link stays well under any browser's URL limit. */
export const MAX_SHARED_GROUPS = 50;

/**
 * The groups of a following link, in order: every `group` starts one, the `id` after it (if any) is its circuit
 * identifier. Names and ids are bounded as group pages bound them; blanks and repeats are dropped.
 */
export function readGroupList(search: URLSearchParams): GroupAddress[] {
  const groups: GroupAddress[] = [];
  for (const [name, value] of search) {
    if (name === 'group') {
      const groupName = value.trim();
      if (groupName !== '' && groupName.length <= 200) groups.push({ name: groupName, orgGroupIdentifier: '' });
    } else if (name === 'id' && groups.length > 0 && groups.at(-1)!.orgGroupIdentifier === '') {
      const id = value.trim();
      if (id.length <= 64) groups[groups.length - 1] = { ...groups.at(-1)!, orgGroupIdentifier: id };
    }
  }
  const unique = groups.filter((group, index) => groups.findIndex((other) => other.name === group.name && other.orgGroupIdentifier === group.orgGroupIdentifier) === index);
  return unique.slice(0, MAX_SHARED_GROUPS);
}
