/**
 * A competition's published pages (HTML for people and scrapers, not JSON) and their file names, as the hosted
 * CompetitionSuite service publishes them: `recaps.competitionsuite.com/<guid>.htm` (the recap),
 * `<guid>_categories.htm` (the category recap) and `schedules.competitionsuite.com/<guid>_standard.htm` or
 * `_logistical.htm`. Our API serves the same file names under its own folders (docs/decisions/028), and so does the
 * fake hosted service, so a client that derives one page's address from another keeps working everywhere.
 */
import { GUID_PATTERN } from './guid.js';

export type RecapView = 'full' | 'categories';
export const SCHEDULE_VIEWS = ['standard', 'logistical'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

/** Where a service keeps its pages: one folder of recaps, one of schedules (the hosted service: a host each); no trailing slash. */
export interface PageFolders {
  recaps: string;
  schedules: string;
}

export interface PublishedPages {
  recap(competitionGuid: string, view?: RecapView): string;
  schedule(competitionGuid: string, view: ScheduleView): string;
}

export function publishedPages(folders: PageFolders): PublishedPages {
  return {
    recap: (guid, view = 'full') => `${folders.recaps}/${guid}${view === 'categories' ? '_categories' : ''}.htm`,
    schedule: (guid, view) => `${folders.schedules}/${guid}_${view}.htm`,
  };
}

// The guid pattern, both cases spelled out: the page names' patterns go into the OpenAPI document, which has no flags.
const GUID = GUID_PATTERN.source.replace(/^\^|\$$/g, '').replace(/a-f/g, 'A-Fa-f');
/** A recap page's file name: the competition guid, `_categories` for the category recap, `.htm`. */
export const RECAP_PAGE_NAME = new RegExp(`^(${GUID})(_categories)?\\.htm$`);
/** A schedule page's file name: the competition guid and the view. */
export const SCHEDULE_PAGE_NAME = new RegExp(`^(${GUID})_(${SCHEDULE_VIEWS.join('|')})\\.htm$`);
/** Our draw page's file name (no hosted equivalent): the competition guid, `.htm`, in its own folder. */
export const DRAW_PAGE_NAME = new RegExp(`^(${GUID})\\.htm$`);

export function readRecapPageName(name: string): { guid: string; view: RecapView } | null {
  const match = RECAP_PAGE_NAME.exec(name);
  return match ? { guid: match[1].toLowerCase(), view: match[2] ? 'categories' : 'full' } : null;
}

export function readSchedulePageName(name: string): { guid: string; view: ScheduleView } | null {
  const match = SCHEDULE_PAGE_NAME.exec(name);
  return match ? { guid: match[1].toLowerCase(), view: match[2] as ScheduleView } : null;
}

/** A schedule page's address in another view: the same folder and guid, `_standard` or `_logistical` (null: not one). */
export function scheduleViewUrl(url: string, view: ScheduleView): string | null {
  const match = /^(.*\/)([^/?#]+)$/.exec(url);
  const page = match ? readSchedulePageName(match[2]) : null;
  return match && page ? `${match[1]}${page.guid}_${view}.htm` : null;
}
