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

/** One group: the same address (followed, chosen for a head-to-head). */
export const sameGroup = (a: GroupAddress, b: GroupAddress) =>
  a.name === b.name && a.orgGroupIdentifier === b.orgGroupIdentifier;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Groups in a URL, in order: each a `group` followed by its `id` (empty when the circuit gives none). */
function groupList(groups: readonly GroupAddress[]): URLSearchParams {
  const search = new URLSearchParams();
  for (const group of groups) {
    search.append('group', group.name);
    search.append('id', group.orgGroupIdentifier);
  }
  return search;
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
  /** A competition's judges: each caption's judge, section by section (a tab of the recap). */
  recapJudges: {
    path: '/competitions/:competitionGuid/judges',
    href: (competitionGuid: string, section?: string) =>
      withQuery(`/competitions/${competitionGuid}/judges`, { section }),
  },
  group: {
    path: '/groups/:groupName',
    /** `practice: 'include'` counts practice shows in the trend and best score (left out by default, as standings do) */
    href: (group: GroupAddress, seasonId?: number, options: { practice?: 'include' } = {}) =>
      withQuery(`/groups/${encodeURIComponent(group.name)}`, {
        id: group.orgGroupIdentifier || undefined,
        season: seasonId,
        practice: options.practice,
      }),
  },
  search: { path: '/search', href: (q?: string) => withQuery('/search', { q }) },
  /** Each group as a `group` followed by its `id` (empty when the circuit gives none), in order (read by features/following/utils/shared-list.ts). */
  following: {
    path: '/following',
    href: (groups: readonly GroupAddress[] = []) => {
      const text = groupList(groups).toString();
      return text ? `/following?${text}` : '/following';
    },
  },
  /** Head-to-head of two to four groups, listed as `following` lists them; `season` optional (the page picks one they shared). */
  compare: {
    path: '/compare',
    href: (groups: readonly GroupAddress[], seasonId?: number) => {
      const search = groupList(groups);
      if (seasonId !== undefined) search.set('season', String(seasonId));
      return `/compare?${search.toString()}`;
    },
  },
  /** A judge's season: the judge is known by first and last name, as v2's captions carry them (decision 035). */
  judgeSeason: {
    path: '/judges/:judgeName',
    /** `competition`: open on the page that holds this competition's sheets (a link from its recap) */
    href: (judgeName: string, seasonId?: number, options: { competition?: string } = {}) =>
      withQuery(`/judges/${encodeURIComponent(judgeName)}`, { season: seasonId, competition: options.competition }),
  },
  /**
   * Show day, signed in: the organization's competitions, each opening its console, and every management page
   * under it (manage-paths.ts): one route, whose section (app/routes/manage.tsx) serves the rest and loads only here.
   */
  manage: { path: '/manage/*', href: () => '/manage' },
  /** A group's own accounts, signed in (issue 39): every page under it (my-groups-paths.ts) loads only here. */
  myGroups: { path: '/my-groups/*', href: () => '/my-groups' },
  /** A judge user's tablet: its seats, sheets and own numbers; the seat and performance are in the query. */
  judgeTablet: { path: '/judge', href: () => '/judge' },
} as const;
