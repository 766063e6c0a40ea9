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
/** The folder of each kind of page under an organization's prefix (the fake hosted service serves the same ones). */
export const PAGE_FOLDERS = { recaps: 'recaps', schedules: 'schedules' } as const;
/** Our own page with no hosted equivalent (the fake hosted service serves none): how each running order was drawn. */
export const DRAW_FOLDER = 'draws';
/** Our own page too: a competition's registration, where the v2 record's RegistrationUrl leads (decision 139). */
export const REGISTRATION_FOLDER = 'registration';

/** A competition's public registration page. */
export const registrationPageUrl = (origin: string, organizationGuid: string, competitionGuid: string) =>
  `${origin}${PUBLISHED_PREFIX}/${organizationGuid}/${REGISTRATION_FOLDER}/${competitionGuid}.htm`;

/** Absolute addresses of an organization's pages, at the origin the caller reached the API at. */
export function publishedPages(origin: string, organizationGuid: string): PublishedPages {
  const base = `${origin}${PUBLISHED_PREFIX}/${organizationGuid}`;
  return pagesIn({ recaps: `${base}/${PAGE_FOLDERS.recaps}`, schedules: `${base}/${PAGE_FOLDERS.schedules}` });
}

export type { PublishedPages };
