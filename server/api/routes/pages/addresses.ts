/**
 * Where our API serves a competition's published pages (docs/decisions/028), used by the routes that serve them and
 * by every record that links to them (v4 `recapUrl`, `standardScheduleUrl`, `logisticalScheduleUrl`; v2 `RecapUrl`,
 * `CategoryRecapUrl`). The file names are the hosted service's (domain/published-pages.ts); the organization's guid
 * sits in the path before them because a competition guid is unique within its organization only: two
 * organizations that imported the same published page hold competitions with the same guid, and their pages must
 * not collide.
 */
import { publishedPages as pagesIn, type PublishedPages } from '../../../../domain/published-pages.js';

export const PUBLISHED_PREFIX = '/published';

/** Absolute addresses of an organization's pages, at the origin the caller reached the API at. */
export function publishedPages(origin: string, organizationGuid: string): PublishedPages {
  const base = `${origin}${PUBLISHED_PREFIX}/${organizationGuid}`;
  return pagesIn({ recaps: `${base}/recaps`, schedules: `${base}/schedules` });
}

export type { PublishedPages };
