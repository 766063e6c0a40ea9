/**
 * Our API's answers cut down to the hosted service's records (domain/hosted-records.ts): their fields and nothing
 * more, the hosted service's URLs where ours point at JSON operations.
 */
import { z } from 'zod';
import {
  HostedCompetitionRecord,
  HostedEventDetail,
  HostedEventListItem,
  HostedGroup,
  HostedPerformanceRecord,
  HostedSeason,
} from '../../domain/hosted-records.js';
import { publishedPages } from '../../domain/published-pages.js';
import { PAGE_FOLDERS } from '../api/routes/pages/addresses.js';

type Json = Record<string, unknown>;

/** The value with only the fields `shape` declares, at every depth (objects and arrays of objects). */
function project(shape: z.ZodType, value: unknown): unknown {
  if (shape instanceof z.ZodObject && value !== null && typeof value === 'object') {
    const record = value as Json;
    return Object.fromEntries(
      Object.entries(shape.shape as Record<string, z.ZodType>).map(([field, inner]) => [
        field,
        project(inner, record[field]),
      ]),
    );
  }
  if (shape instanceof z.ZodArray && Array.isArray(value))
    return value.map((item) => project(shape.element as z.ZodType, item));
  return value;
}

const as = (shape: z.ZodType) => (record: Json) => project(shape, record) as Json;

/** `/v3/seasons`: id and name only (no year, dates or current flag). */
export const seasonItem = as(HostedSeason);
export const eventListItem = as(HostedEventListItem);
export const groupItem = as(HostedGroup);
export const v2Performance = as(HostedPerformanceRecord);

/**
 * The published pages, at the hosted service's file names (recaps.competitionsuite.com/<guid>.htm there): the fake
 * serves them itself, in our API's page folders at its own origin, so the app's links out lead somewhere.
 */
export const pagesAt = (origin: string) =>
  publishedPages({ recaps: `${origin}/${PAGE_FOLDERS.recaps}`, schedules: `${origin}/${PAGE_FOLDERS.schedules}` });

/** An event's detail: its competitions' schedule and recap URLs are the published pages. */
export function eventDetail(event: Json, origin: string): Json {
  const pages = pagesAt(origin);
  const competitions = (event.competitions as Json[]).map((competition) => {
    const guid = String(competition.guid);
    return {
      ...competition,
      standardScheduleUrl: pages.schedule(guid, 'standard'),
      logisticalScheduleUrl: pages.schedule(guid, 'logistical'),
      recapUrl: pages.recap(guid),
    };
  });
  return as(HostedEventDetail)({ ...event, competitions });
}

/** A v2 competition record: its recap URLs are the published pages, its other URLs the hosted service's reads. */
export function v2Competition(record: Json, origin: string): Json {
  const guid = String(record.CompetitionGuid);
  const pages = pagesAt(origin);
  return as(HostedCompetitionRecord)({
    ...record,
    RecapUrl: pages.recap(guid),
    CategoryRecapUrl: pages.recap(guid, 'categories'),
    PerformancesUrl: `${origin}/2018-03/performances?c=${guid}`,
    RegistrationUrl: `${origin}/2018-03/groups?c=${guid}`,
  });
}
