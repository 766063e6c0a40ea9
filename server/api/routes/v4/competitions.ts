/** A competition: its schedule and scores, adding performances, seating judges, releasing scores. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { requirePermission } from '../../http/permissions.js';
import { missingBody, referencing, validBody } from '../../http/write-body.js';
import { competitionSections, findCompetition, roundsOf } from '../../db/repositories/competitions.read.js';
import { competitionItineraries } from '../../db/repositories/itineraries.read.js';
import { findPerformance } from '../../db/repositories/performances.read.js';
import { ReleaseRefused, releaseSections } from '../../db/repositories/sections.write.js';
import { NotFoundError, RuleViolation } from '../../db/repositories/errors.js';
import { addPerformance } from '../../db/repositories/performances.write.js';
import { ensureRound, seatJudge } from '../../db/repositories/rounds.write.js';
import { scheduleEntries } from '../present/schedule.js';
import { divisionRoundScores, isoTimestamp, performanceItem, roundItem } from '../present/v4.js';
import * as routes from './competitions.routes.js';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { csvFieldName, entriesFromCsv, type CsvEntries } from '../../http/csv-sheet.js';
import { entryProblem, entryWriter } from '../../http/entry-writer.js';
import { performanceSnapshots } from '../../db/repositories/audit-snapshots.js';
import { sheetSection } from '../../db/repositories/seats.read.js';
import { writeCaptionEntries, type CaptionEntryInput, type FieldNamer } from '../../db/repositories/scores.write.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.getSchedule, (c) => {
      const { competitionId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const competition = await findCompetition(db, orgId, { id: competitionId });
        if (!competition) throw notFound(`Competition ${competitionId}`);
        const { byPerformance } = await competitionItineraries(db, orgId, competitionId);
        const entries = scheduleEntries(await competitionSections(db, orgId, competitionId)).map((entry) => ({
          ...entry,
          time: entry.time ? isoTimestamp(entry.time) : null,
          itinerary: (byPerformance.get(entry.performanceId) ?? []).map((step) => ({
            ...step,
            startsAt: new Date(step.startsAt).toISOString(),
            endsAt: new Date(step.endsAt).toISOString(),
          })),
        }));
        return {
          body: {
            competition: {
              id: competition.id,
              guid: competition.guid,
              name: competition.name,
              date: isoTimestamp(competition.startsAt),
            },
            data: entries,
          },
        };
      });
    })
    .openapi(routes.getScores, (c) => {
      const { competitionId } = c.req.valid('param');
      const { preview = false } = c.req.valid('query');
      // Unreleased numbers are for the people who run the show (decision 082); checked before the cache is asked,
      // so no caller without the permission is answered a preview someone else's request cached.
      if (preview) requirePermission(c.get('auth'), 'read-unreleased');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const competition = await findCompetition(db, orgId, { id: competitionId });
        if (!competition) throw notFound(`Competition ${competitionId}`);
        const [roundRows, sections] = await Promise.all([
          roundsOf(db, orgId, [competitionId]),
          competitionSections(db, orgId, competitionId),
        ]);
        return {
          body: {
            competition: {
              id: competition.id,
              guid: competition.guid,
              name: competition.name,
              date: isoTimestamp(competition.startsAt),
              eventId: competition.eventId,
              eventName: competition.eventName,
              location: competition.location,
              chiefJudge: competition.chiefJudge,
            },
            rounds: roundRows.map(roundItem),
            // unreleased scores are invisible but to a preview: their sections are left out entirely
            data: sections.filter((section) => preview || section.released).map(divisionRoundScores),
          },
        };
      });
    })
    .openapi(routes.addPerformance, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const body = validBody(c);
      const round = await ensureRound(db, orgId, { competitionId, number: body.round ?? 1, name: body.roundName });
      const created = await referencing({ group: 'groupId', division: 'divisionId' }, () =>
        addPerformance(db, orgId, {
          roundId: round.id,
          divisionId: body.divisionId,
          groupId: body.groupId,
          performsAt: body.time ?? null,
          order: body.order,
        }),
      );
      const performance = await findPerformance(db, orgId, created.id);
      if (!performance) throw new NotFoundError('performance', created.id);
      return c.json(performanceItem(performance), 201);
    })
    .openapi(routes.seatJudge, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const { round, ...judge } = validBody(c);
      const seat = await referencing({ round: 'round', division: 'divisionId' }, () =>
        seatJudge(db, orgId, { competitionId, roundNumber: round, ...judge }),
      );
      return c.json(
        {
          round,
          divisionId: seat.divisionId,
          captionKey: seat.captionKey,
          firstName: seat.firstName,
          lastName: seat.lastName,
          userId: seat.userId,
        },
        200,
      );
    })
    .openapi(routes.enterScoresInBulk, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      if (!(await findCompetition(db, orgId, { id: competitionId }))) throw notFound(`Competition ${competitionId}`);
      let entries: CaptionEntryInput[];
      let name: FieldNamer;
      let reason: string | undefined;
      if (c.req.header('content-type')?.split(';')[0].trim().toLowerCase() === 'text/csv') {
        const sheet = await csvEntries(c, competitionId, c.req.valid('query'));
        entries = sheet.entries;
        name = csvFieldName(sheet);
      } else {
        // sent without a body: the JSON validator did not run
        if (!c.req.header('content-type')) throw missingBody();
        const body = c.req.valid('json');
        // a text/csv body took the branch above; the JSON validator has made this the bulk shape
        if (typeof body === 'string') throw new Error('unreachable: a JSON bulk body that is a string');
        entries = body.entries;
        reason = body.reason;
        name = (index, field) => `entries[${index}].${field}`;
      }
      const writer = entryWriter(c, reason);
      const ids = [...new Set(entries.map((entry) => entry.performanceId))];
      const before = await snapshots(c, ids);
      const written = await writeCaptionEntries(db, orgId, entries, writer, { competitionId, name }).catch(
        (error: unknown) => {
          throw entryProblem(c, error);
        },
      );
      // one audit entry per performance changed, as a single entry's write records it (none for one sent as it was)
      const changed = ids.filter((id) => entries.some((entry, i) => entry.performanceId === id && written.changed[i]));
      const after = await snapshots(c, changed);
      c.set(
        'audits',
        changed.map((id) => ({
          spec: { action: 'performance.enter-scores', resource: 'performance', idParam: 'performanceId' },
          resourceId: id,
          competitionId,
          before: before.get(id) ?? null,
          after: after.get(id) ?? null,
        })),
      );
      return c.json({ data: written.entries }, 200);
    })
    .openapi(routes.release, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const { round, divisionId, released = true, force = false, reason } = validBody(c);
      if (force && !reason)
        throw new RuleViolation('reason', 'a forced release needs a reason (it is kept in the audit trail)');
      if (reason) c.set('reason', reason);
      let sections;
      try {
        sections = await referencing({ division: 'divisionId' }, () =>
          releaseSections(db, orgId, { competitionId, roundNumber: round, divisionId, released, force }),
        );
      } catch (error) {
        // The round is the competition's, known by its number: a rule of the body, not a missing resource.
        if (error instanceof NotFoundError && error.entity === 'round')
          throw new RuleViolation('round', `competition ${competitionId} has no round ${round}`);
        if (error instanceof ReleaseRefused) {
          throw new ApiProblem(
            409,
            'release_refused',
            `Not released: ${error.message}. Enter what is missing (or send force: true with a reason)`,
            [],
            {},
            { sections: error.sections },
          );
        }
        throw error;
      }
      return c.json({ rounds: (await roundsOf(db, orgId, [competitionId])).map(roundItem), sections }, 200);
    });
}

/** The performances' audit snapshots now, inside the write unit's transaction (their state, by id). */
async function snapshots(c: Context<AppEnv>, ids: readonly number[]): Promise<Map<number, unknown>> {
  const db = c.get('db');
  if (!db) throw new Error('A bulk score write ran outside the write unit');
  const found = await performanceSnapshots(db, c.get('auth').orgId, ids);
  return new Map([...found].map(([id, snapshot]) => [id, snapshot.state]));
}

/** A judge's sheet sent as CSV: its caption, round and division from the query, its rows as entries. */
async function csvEntries(c: Context<AppEnv>, competitionId: number, query: CsvQuery): Promise<CsvEntries> {
  const db = c.get('db');
  if (!db) throw new Error('A bulk score write ran outside the write unit');
  const missing = (['captionKey', 'round', 'divisionId'] as const).filter((field) => query[field] === undefined);
  if (missing.length > 0) {
    throw new ApiProblem(
      400,
      'invalid_parameter',
      `A sheet sent as CSV names its ${missing.join(', ')} in the query`,
      missing.map((field) => ({ name: field, in: 'query', message: 'required with a CSV body' })),
    );
  }
  const { captionKey, round, divisionId, state } = query;
  const section = await sheetSection(db, c.get('auth').orgId, {
    competitionId,
    roundNumber: round!,
    divisionId: divisionId!,
  });
  if (!section) {
    throw new RuleViolation(
      'divisionId',
      `competition ${competitionId} has no round ${round} with a sheet for division ${divisionId}`,
    );
  }
  const caption = section.sheet.categories.flatMap((category) => category.captions).find((c) => c.key === captionKey);
  if (!caption)
    throw new RuleViolation('captionKey', `unknown caption "${captionKey}" on sheet "${section.sheet.name}"`);
  return entriesFromCsv(await c.req.text(), section, caption, state, routes.BULK_ENTRIES_MAX);
}

interface CsvQuery {
  captionKey?: string;
  round?: number;
  divisionId?: number;
  state?: 'draft' | 'submitted';
}
