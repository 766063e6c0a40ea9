/**
 * The pages under /manage, relative to it: the /manage section (app/routes/manage.tsx) routes them, links use
 * `href(...)`. Apart from the fans' route table (paths.ts) so that a management page adds nothing to the fans'
 * initial JS: this module loads with the section.
 */
export const managePaths = {
  /** Set-up: the organization's seasons (adding and changing them: administrators and tabulators). */
  seasons: { path: 'seasons', href: () => '/manage/seasons' },
  /** Set-up: the organization's divisions, each with its score sheet (from the catalogue or built in the page). */
  divisions: { path: 'divisions', href: () => '/manage/divisions' },
  /** A season's events and their competitions with rounds, date and time: created and edited. */
  events: {
    path: 'events',
    href: (seasonId?: number) => (seasonId === undefined ? '/manage/events' : `/manage/events?season=${seasonId}`),
  },
  /** The organization's users and roles (administrator): add one and hand over its password link, change, disable. */
  users: { path: 'users', href: () => '/manage/users' },
  /** "Find my group" requests for a group's account (administrator): approve with a one-time link, or refuse. */
  accessRequests: { path: 'access-requests', href: () => '/manage/access-requests' },
  /** The tabulator's and chief judge's console of one competition, by its guid as fans' pages address it. */
  competition: {
    path: 'competitions/:competitionGuid',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}`,
  },
  /** A competition's registration and running order & times; `division`, the division's order shown first. */
  entries: {
    path: 'competitions/:competitionGuid/entries',
    href: (competitionGuid: string, division?: number) =>
      `/manage/competitions/${competitionGuid}/entries${division === undefined ? '' : `?division=${division}`}`,
  },
  /** Each division and round's running order drawn by a rule, previewed and committed, and the draws made. */
  draw: {
    path: 'competitions/:competitionGuid/draw',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/draw`,
  },
  /** The day's schedule built from the running order (intervals, blocks, conflicts), published as versions. */
  schedule: {
    path: 'competitions/:competitionGuid/schedule',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/schedule`,
  },
  /** A competition's registration: opened with dates, divisions, places and fees; the groups' requests decided. */
  registration: {
    path: 'competitions/:competitionGuid/registration',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/registration`,
  },
  /** Critique: each division and round's schedule by station (printable), opened and changed by the circuit. */
  critique: {
    path: 'competitions/:competitionGuid/critique',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/critique`,
  },
  /** Who sits on each caption of each division and round of a competition: seat, remove, copy. */
  panel: {
    path: 'competitions/:competitionGuid/panel',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/panel`,
  },
  /** The awards: each released division and round read out last place first, and printed as an awards sheet. */
  awards: {
    path: 'competitions/:competitionGuid/awards',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/awards`,
  },
  /** Every seated judge's tablet, live: device, last seen, battery, what waits, recording, microphone. */
  tablets: {
    path: 'competitions/:competitionGuid/tablets',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/tablets`,
  },
  /** The judges' commentary per division, round, group and caption: hear, check, move, clear, upload, release. */
  commentary: {
    path: 'competitions/:competitionGuid/commentary',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/commentary`,
  },
} as const;

export type ManagePage = keyof typeof managePaths;

/**
 * The page at `rest`, the address under /manage (`competitions/<guid>/panel`), and its parameters; undefined for
 * none. Matched here, not by the router's `useRoutes`: that export would be one more name in the fans' shared
 * router code (decision 106).
 */
export function matchManagePath(rest: string): { page: ManagePage; params: { competitionGuid?: string } } | undefined {
  const segments = rest.split('/').filter(Boolean);
  for (const page of Object.keys(managePaths) as ManagePage[]) {
    const pattern = managePaths[page].path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: { competitionGuid?: string } = {};
    const matches = pattern.every((part, i) => {
      if (part === ':competitionGuid') {
        params.competitionGuid = decodeSegment(segments[i]);
        return true;
      }
      return part === segments[i];
    });
    if (matches) return { page, params };
  }
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
