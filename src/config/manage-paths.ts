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
  /** The tabulator's and chief judge's console of one competition, by its guid as fans' pages address it. */
  competition: {
    path: 'competitions/:competitionGuid',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}`,
  },
  /** A competition's registration and running order & times. */
  entries: {
    path: 'competitions/:competitionGuid/entries',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/entries`,
  },
  /** Who sits on each caption of each division and round of a competition: seat, remove, copy. */
  panel: {
    path: 'competitions/:competitionGuid/panel',
    href: (competitionGuid: string) => `/manage/competitions/${competitionGuid}/panel`,
  },
} as const;
