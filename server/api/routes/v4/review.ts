/** Review before release: entry progress and sign-off (decision 082). */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { notFound } from '../../http/problem.js';
import { referencing, validBody } from '../../http/write-body.js';
import { requestActor } from '../../http/write-unit.js';
import { findCompetition } from '../../db/repositories/competitions.read.js';
import { NotFoundError, RuleViolation } from '../../db/repositories/errors.js';
import { findOrganizationById } from '../../db/repositories/organizations.js';
import {
  captionIsIn,
  reviewSections,
  sectionCorrections,
  sectionKey,
  missingCaptions,
} from '../../db/repositories/sections.read.js';
import { signOffSection } from '../../db/repositories/sections.write.js';
import { isoTimestamp } from '../present/v4.js';
import { etaggedJson } from '../../http/cached-json.js';
import * as routes from './review.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.getProgress, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      // Not cached: the show's people watch it change entry by entry, and it is theirs alone. Its reads run as one
      // transaction: on the embedded database a query outside one waits behind every write queued at that moment (a
      // show's tablets), so a bare read of eight queries waited eight times (docs/decisions/104-console-reads-in-one-transaction.md).
      const read = await services.database.transaction(async () => {
        const competition = await findCompetition(db, orgId, { id: competitionId });
        if (!competition) return undefined;
        const [organization, sections] = await Promise.all([
          findOrganizationById(db, orgId),
          reviewSections(db, orgId, competitionId),
        ]);
        const corrections = await sectionCorrections(
          db,
          orgId,
          sections.map((section) => section.roundId),
        );
        return { competition, organization, sections, corrections };
      });
      if (!read) throw notFound(`Competition ${competitionId}`);
      const { competition, organization, sections, corrections } = read;
      const requireSignOff = organization?.requireSignoff ?? false;
      return etaggedJson(c, {
        competition: { id: competition.id, name: competition.name },
        requireSignOff,
        data: sections.map((section) => {
          const performed = section.performances.filter((performance) => performance.performed);
          const missing = missingCaptions(section);
          return {
            round: section.round,
            division: section.division,
            performances: section.performances.length,
            performed: performed.length,
            captions: (section.sheet?.categories.flatMap((category) => category.captions) ?? []).map((caption) => {
              const entered = section.performances.filter((performance) => performance.entered.has(caption.key));
              return {
                captionKey: caption.key,
                captionName: caption.name,
                judge: section.judges.get(caption.key) ?? null,
                entered: entered.length,
                submitted: entered.filter((performance) => captionIsIn(performance, caption.key)).length,
                missing:
                  missing
                    .find((lacking) => lacking.captionKey === caption.key)
                    ?.performances.map((performance) => performance.id) ?? [],
              };
            }),
            penalties: section.performances
              .filter((performance) => performance.penalty > 0)
              .map((performance) => ({
                performanceId: performance.id,
                group: performance.group,
                amount: performance.penalty,
              })),
            signOff: section.signOff && { by: section.signOff.by, at: isoTimestamp(section.signOff.at) },
            released: section.released,
            corrections: corrections.get(sectionKey(section.roundId, section.division.id))?.length ?? 0,
            readyToRelease:
              missing.length === 0 &&
              (section.sheet !== null || performed.length === 0) &&
              (!requireSignOff || section.signOff !== null),
          };
        }),
      });
    })
    .openapi(routes.signOff, async (c) => {
      const auth = c.get('auth');
      const { competitionId } = c.req.valid('param');
      const { round, divisionId, signedOff = true } = validBody(c);
      let result;
      try {
        result = await referencing({ division: 'divisionId' }, async () =>
          signOffSection(db, auth.orgId, {
            competitionId,
            roundNumber: round,
            divisionId,
            signedOff,
            by: requestActor(c),
          }),
        );
      } catch (error) {
        if (error instanceof NotFoundError && error.entity === 'round')
          throw new RuleViolation('round', `competition ${competitionId} has no round ${round}`);
        throw error;
      }
      return c.json(
        {
          round: result.round,
          divisionId: result.divisionId,
          signedOff: result.signedOff,
          signOff: result.by && result.at ? { by: result.by, at: isoTimestamp(result.at) } : null,
        },
        200,
      );
    });
}
