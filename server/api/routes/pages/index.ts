/**
 * The published pages (docs/decisions/028): a competition's recap, category recap and schedules as public HTML,
 * addressed by the organization's guid and the competition's, answered without a token and cached like every read.
 * Only released divisions and rounds are shown on a recap (with their corrections after release); a schedule shows every performance (it is published before the show).
 * Callers are rate-limited per address, as v2's anonymous callers are.
 */
import type { Context } from 'hono';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedPage } from '../../http/cached-page.js';
import { notFound } from '../../http/problem.js';
import { competitionSections, findCompetition } from '../../db/repositories/competitions.read.js';
import { findOrganizationByGuid } from '../../db/repositories/organizations.js';
import { scheduleEntries } from '../present/schedule.js';
import { readRecapPageName, readSchedulePageName } from '../../../../domain/published-pages.js';
import { rateLimit } from '../../auth/rate-limit.js';
import { remoteAddress } from '../oauth/remote-address.js';
import { PUBLISHED_PREFIX } from './addresses.js';
import { PAGE_HEADERS } from './html.js';
import { recapPage } from './recap-page.js';
import { schedulePage } from './schedule-page.js';
import { drawPage } from './draw-page.js';
import { competitionItineraries } from '../../db/repositories/itineraries.read.js';
import { competitionDraws } from '../../db/repositories/draws.read.js';
import { drawPageRoute, recapPageRoute, registrationPageRoute, schedulePageRoute } from './pages.routes.js';
import { registrationPage } from './registration-page.js';
import { competitionRegistrations, divisionsByIds, findWindow } from '../../db/repositories/registrations.js';
import { appOrigin } from '../oauth/app-links.js';

export function publishedPageRoutes(services: Services) {
  const db = services.database.db;

  /** The organization and competition a page belongs to, or a 404 that says which is missing. */
  const locate = async (organizationGuid: string, competitionGuid: string) => {
    const organization = await findOrganizationByGuid(db, organizationGuid);
    if (!organization) throw notFound(`Organization ${organizationGuid}`);
    const competition = await findCompetition(db, organization.id, { guid: competitionGuid });
    if (!competition) throw notFound(`Competition ${competitionGuid} of organization ${organizationGuid}`);
    return { organization, competition };
  };

  const answer = async (
    c: Context,
    organizationGuid: string,
    competitionGuid: string,
    render: (found: Awaited<ReturnType<typeof locate>>) => Promise<string>,
  ) => {
    const found = await locate(organizationGuid, competitionGuid);
    return cachedPage(c, services, found.organization.id, PAGE_HEADERS, () => render(found));
  };

  const router = newRouter();
  // Anyone may read a page, as the hosted service's; each address as often as v2's anonymous reads allow (its own
  // count). Scoped to the pages' prefix: this router is mounted at the root, and '*' would reach every route.
  router.use(`${PUBLISHED_PREFIX}/*`, async (c, next) => {
    c.set('anonymous', { address: remoteAddress(c) });
    await next();
  });
  router.use(`${PUBLISHED_PREFIX}/*`, rateLimit(services.config.rateLimit, services.config.anonymousRateLimit));
  return router
    .openapi(recapPageRoute, async (c) => {
      const { organizationGuid, page } = c.req.valid('param');
      const { guid, view } = readRecapPageName(page)!;
      return answer(c, organizationGuid, guid, async ({ organization, competition }) => {
        const sections = await competitionSections(db, organization.id, competition.id);
        return recapPage({
          organizationName: organization.name,
          competition,
          // unreleased scores are invisible here as everywhere: their sections are left out entirely
          sections: sections.filter((section) => section.released),
          view,
        });
      });
    })
    .openapi(schedulePageRoute, async (c) => {
      const { organizationGuid, page } = c.req.valid('param');
      const { guid, view } = readSchedulePageName(page)!;
      return answer(c, organizationGuid, guid, async ({ organization, competition }) =>
        schedulePage({
          organizationName: organization.name,
          competition,
          entries: scheduleEntries(await competitionSections(db, organization.id, competition.id)),
          view,
          itineraries:
            view === 'logistical'
              ? (await competitionItineraries(db, organization.id, competition.id)).byPerformance
              : undefined,
        }),
      );
    })
    .openapi(drawPageRoute, async (c) => {
      const { organizationGuid, page } = c.req.valid('param');
      const guid = page.slice(0, -'.htm'.length).toLowerCase();
      return answer(c, organizationGuid, guid, async ({ organization, competition }) =>
        drawPage({
          organizationName: organization.name,
          competitionGuid: guid,
          competition,
          draws: await competitionDraws(db, organization.id, competition.id),
        }),
      );
    })
    .openapi(registrationPageRoute, async (c) => {
      const { organizationGuid, page } = c.req.valid('param');
      const guid = page.slice(0, -'.htm'.length).toLowerCase();
      const { organization, competition } = await locate(organizationGuid, guid);
      const window = await findWindow(db, organization.id, competition.id);
      if (!window) throw notFound(`Registration for competition ${guid}`);
      const [divisions, registrations] = await Promise.all([
        divisionsByIds(
          db,
          organization.id,
          window.divisions.map((d) => d.divisionId),
        ),
        competitionRegistrations(db, organization.id, competition.id),
      ]);
      const names = new Map(divisions.map((d) => [d.id, d.name] as const));
      // Not from the page cache: whether registration is open changes with the clock, not only with a write.
      const html = registrationPage({
        organizationName: organization.name,
        competition,
        window: {
          opensAt: window.opensAt,
          closesAt: window.closesAt,
          note: window.note,
          divisions: window.divisions.map((offered) => ({
            name: names.get(offered.divisionId) ?? '',
            capacity: offered.capacity,
            feeCents: offered.feeCents,
            accepted: registrations.filter((r) => r.divisionId === offered.divisionId && r.state === 'accepted').length,
          })),
        },
        now: new Date(),
        appOrigin: await appOrigin(db, organization.id, new URL(c.req.url).hostname),
      });
      return c.body(html, 200, { ...PAGE_HEADERS, 'cache-control': 'no-cache' });
    });
}
