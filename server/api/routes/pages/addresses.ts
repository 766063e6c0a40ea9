/**
 * Where a competition's public pages live (docs/decisions/028): the one place that spells their paths, used by the
 * routes that serve them and by every record that links to them (v4 `recapUrl`, `standardScheduleUrl`,
 * `logisticalScheduleUrl`; v2 `RecapUrl`, `CategoryRecapUrl`).
 *
 * The file names are the hosted service's (`<guid>.htm`, `<guid>_categories.htm`, `<guid>_standard.htm`,
 * `<guid>_logistical.htm`, so a client that derives one from another keeps working); the organization's guid sits
 * in the path before them because a competition guid is unique within its organization only: two organizations
 * that imported the same published page hold competitions with the same guid, and their pages must not collide.
 */

export const PUBLISHED_PREFIX = '/published';

export type RecapView = 'full' | 'categories';
export type ScheduleView = 'standard' | 'logistical';
export const SCHEDULE_VIEWS = ['standard', 'logistical'] as const satisfies readonly ScheduleView[];

const GUID = '[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}';
/** A recap page's file name: the competition guid, `_categories` for the category recap, `.htm`. */
export const RECAP_PAGE_NAME = new RegExp(`^(${GUID})(_categories)?\\.htm$`);
/** A schedule page's file name: the competition guid and the view. */
export const SCHEDULE_PAGE_NAME = new RegExp(`^(${GUID})_(${SCHEDULE_VIEWS.join('|')})\\.htm$`);

export interface PublishedPages {
  recap(competitionGuid: string, view?: RecapView): string;
  schedule(competitionGuid: string, view: ScheduleView): string;
}

/** Absolute addresses of an organization's pages, at the origin the caller reached the API at. */
export function publishedPages(origin: string, organizationGuid: string): PublishedPages {
  const base = `${origin}${PUBLISHED_PREFIX}/${organizationGuid}`;
  return {
    recap: (guid, view = 'full') => `${base}/recaps/${guid}${view === 'categories' ? '_categories' : ''}.htm`,
    schedule: (guid, view) => `${base}/schedules/${guid}_${view}.htm`,
  };
}

export function readRecapPageName(name: string): { guid: string; view: RecapView } | null {
  const match = RECAP_PAGE_NAME.exec(name);
  return match ? { guid: match[1].toLowerCase(), view: match[2] ? 'categories' : 'full' } : null;
}

export function readSchedulePageName(name: string): { guid: string; view: ScheduleView } | null {
  const match = SCHEDULE_PAGE_NAME.exec(name);
  return match ? { guid: match[1].toLowerCase(), view: match[2] as ScheduleView } : null;
}
