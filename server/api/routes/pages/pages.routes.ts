/** The published pages' declarations (served by index.ts): public HTML, no token. */
import { createRoute, z } from '@hono/zod-openapi';
import { Problem } from '../schemas/common.js';
import { DRAW_PAGE_NAME, RECAP_PAGE_NAME, SCHEDULE_PAGE_NAME } from '../../../../domain/published-pages.js';
import { DRAW_FOLDER, PAGE_FOLDERS, PUBLISHED_PREFIX, REGISTRATION_FOLDER } from './addresses.js';

const organizationGuid = z
  .string()
  .uuid('expected the organization guid')
  .openapi({ param: { name: 'organizationGuid', in: 'path' }, description: "the competition's organization" });

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const problems = {
  400: {
    description: 'A malformed organization guid or page name',
    content: { 'application/problem+json': { schema: Problem } },
  },
  404: {
    description: 'No such organization, or no such competition in it',
    content: { 'application/problem+json': { schema: Problem } },
  },
  429: {
    description: "The address's rate limit for pages is exceeded (see Retry-After)",
    content: { 'application/problem+json': { schema: Problem } },
  },
};

export const recapPageRoute = createRoute({
  method: 'get',
  path: `${PUBLISHED_PREFIX}/{organizationGuid}/${PAGE_FOLDERS.recaps}/{page}`,
  summary: "A competition's published recap (public HTML, the hosted service's recap layout)",
  description:
    '`<competition guid>.htm`: every released division and round with every caption, judge, subcaption, rank, penalty and total; ' +
    '`<competition guid>_categories.htm`: the category recap. Before release the page says the recap is not available.',
  security: [],
  request: {
    params: z.object({
      organizationGuid,
      page: z
        .string()
        .regex(RECAP_PAGE_NAME, 'expected <competition guid>.htm or <competition guid>_categories.htm')
        .openapi({ param: { name: 'page', in: 'path' }, example: '0b5da3c3-d2bf-4b81-a00b-1c0e72106880.htm' }),
    }),
  },
  responses: { 200: html('The recap page'), ...problems },
});

export const schedulePageRoute = createRoute({
  method: 'get',
  path: `${PUBLISHED_PREFIX}/{organizationGuid}/${PAGE_FOLDERS.schedules}/{page}`,
  summary: "A competition's published schedule (public HTML)",
  description:
    '`<competition guid>_standard.htm` or `_logistical.htm`: one `.schedule-row` per performance, holding its time, `.schedule-row__name` ' +
    "(the group) and `.schedule-row__initials` (its division); the logistical view adds the round and the group's home.",
  security: [],
  request: {
    params: z.object({
      organizationGuid,
      page: z
        .string()
        .regex(SCHEDULE_PAGE_NAME, 'expected <competition guid>_standard.htm or <competition guid>_logistical.htm')
        .openapi({ param: { name: 'page', in: 'path' }, example: '0b5da3c3-d2bf-4b81-a00b-1c0e72106880_standard.htm' }),
    }),
  },
  responses: { 200: html('The schedule page'), ...problems },
});

export const drawPageRoute = createRoute({
  method: 'get',
  path: `${PUBLISHED_PREFIX}/{organizationGuid}/${DRAW_FOLDER}/{page}`,
  summary: "How a competition's running order was drawn (public HTML)",
  description:
    '`<competition guid>.htm`: each draw, newest first (a superseded one says so), with its rule, seed, entries and order, the order re-run from the record, and the record as JSON (`.draw-record`).',
  security: [],
  request: {
    params: z.object({
      organizationGuid,
      page: z
        .string()
        .regex(DRAW_PAGE_NAME, 'expected <competition guid>.htm')
        .openapi({ param: { name: 'page', in: 'path' }, example: '0b5da3c3-d2bf-4b81-a00b-1c0e72106880.htm' }),
    }),
  },
  responses: { 200: html('The draw page'), ...problems },
});

export const registrationPageRoute = createRoute({
  method: 'get',
  path: `${PUBLISHED_PREFIX}/{organizationGuid}/${REGISTRATION_FOLDER}/{page}`,
  summary: "A competition's registration: open or not, dates, divisions, places and fees (public HTML)",
  description:
    "`<competition guid>.htm`, where the v2 competition record's `RegistrationUrl` leads: whether registration is open, its dates, each division offered with its fee and the places left, the circuit's note, and the group accounts' sign-in. 404 for a competition without registration.",
  security: [],
  request: {
    params: z.object({
      organizationGuid,
      page: z
        .string()
        .regex(DRAW_PAGE_NAME, 'expected <competition guid>.htm')
        .openapi({ param: { name: 'page', in: 'path' }, example: '0b5da3c3-d2bf-4b81-a00b-1c0e72106880.htm' }),
    }),
  },
  responses: { 200: html('The registration page'), ...problems },
});
