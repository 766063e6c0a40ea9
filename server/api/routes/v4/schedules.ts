/** The schedule builder (issue 40, item 2; decision 138): the draft, publishing it, the published versions. */
import { movedSince, type PublishedTime } from '../../../../domain/schedule/times.js';
import type { StoredTimedItem } from '../../../../domain/schedule/stored.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { validBody } from '../../http/write-body.js';
import { requestActor } from '../../http/write-unit.js';
import type { DbOrTx } from '../../db/database.js';
import { findCompetition } from '../../db/repositories/competitions.read.js';
import { NotFoundError } from '../../db/repositories/errors.js';
import {
  computedDraft,
  latestScheduleVersion,
  scheduleVersionRows,
  type ScheduleVersionRow,
} from '../../db/repositories/schedules.read.js';
import { publishSchedule, saveScheduleDraft } from '../../db/repositories/schedules.write.js';
import { isoTimestamp } from '../present/v4.js';
import * as routes from './schedules.routes.js';

const iso = (ms: number) => new Date(ms).toISOString();

const publishedTimes = (items: readonly StoredTimedItem[]): PublishedTime[] =>
  items.flatMap((item) =>
    item.kind === 'performance' ? [{ performanceId: item.performanceId, startsAt: Date.parse(item.startsAt) }] : [],
  );

/** Moves with the group's name and ISO times: `names` knows every performance of either side. */
function movesOf(before: readonly PublishedTime[], now: readonly PublishedTime[], names: ReadonlyMap<number, string>) {
  return movedSince(before, now).map((move) => ({
    performanceId: move.performanceId,
    groupName: names.get(move.performanceId) ?? `performance ${move.performanceId}`,
    from: move.from === null ? null : iso(move.from),
    to: move.to === null ? null : iso(move.to),
  }));
}

const summaryOf = (row: ScheduleVersionRow) => ({
  number: row.number,
  publishedAt: isoTimestamp(row.publishedAt),
  publishedBy: row.publishedBy.name,
  reason: row.reason,
});

const namesOfItems = (items: readonly StoredTimedItem[]) =>
  new Map(
    items.flatMap((item) => (item.kind === 'performance' ? [[item.performanceId, item.groupName] as const] : [])),
  );

/** Every version, each with what moved since the one before it. */
export function presentVersions(rows: readonly ScheduleVersionRow[]) {
  return rows.map((row, index) => {
    const before = index === 0 ? [] : rows[index - 1].items;
    const names = new Map([...namesOfItems(before), ...namesOfItems(row.items)]);
    return {
      ...summaryOf(row),
      items: row.items,
      moved: movesOf(publishedTimes(before), publishedTimes(row.items), names),
    };
  });
}

async function competitionOr404(db: DbOrTx, orgId: number, competitionId: number) {
  const competition = await findCompetition(db, orgId, { id: competitionId });
  if (!competition) throw notFound(`Competition ${competitionId}`);
  return competition;
}

/** The draft as the page reads it: times, conflicts, and each performance against the latest published version. */
async function presentDraft(db: DbOrTx, orgId: number, competitionId: number) {
  const competition = await competitionOr404(db, orgId, competitionId);
  const { plan, rows, timed, conflicts, draft } = await computedDraft(db, orgId, competition);
  const latest = await latestScheduleVersion(db, orgId, competitionId);
  const published = new Map(publishedTimes(latest?.items ?? []).map((entry) => [entry.performanceId, entry.startsAt]));
  const byId = new Map(rows.map((row) => [row.performanceId, row]));
  const divisionNames = new Map(rows.map((row) => [row.divisionId, row.divisionName]));
  const now = timed.flatMap((item) =>
    item.kind === 'performance' ? [{ performanceId: item.performanceId, startsAt: item.startsAt }] : [],
  );
  const names = new Map([
    ...namesOfItems(latest?.items ?? []),
    ...rows.map((row) => [row.performanceId, row.groupName] as const),
  ]);
  return {
    competition: { id: competition.id, guid: competition.guid, name: competition.name },
    saved: draft ? { at: isoTimestamp(draft.savedAt), by: draft.savedBy.name } : null,
    startsAt: plan.startsAt,
    endsAt: plan.endsAt,
    gapMinutes: plan.gapMinutes,
    intervals: plan.intervals.map((interval) => ({
      ...interval,
      divisionName: divisionNames.get(interval.divisionId) ?? '',
    })),
    items: timed.map((item) => {
      if (item.kind === 'block')
        return {
          kind: 'block' as const,
          blockKind: item.blockKind,
          title: item.title,
          minutes: item.minutes,
          startsAt: iso(item.startsAt),
          endsAt: iso(item.endsAt),
        };
      const row = byId.get(item.performanceId);
      if (!row) throw new Error(`performance ${item.performanceId} was not read`);
      const was = published.get(item.performanceId);
      return {
        kind: 'performance' as const,
        performanceId: item.performanceId,
        group: { id: row.groupId, name: row.groupName },
        division: { id: row.divisionId, name: row.divisionName },
        round: { number: row.roundNumber, name: row.roundName },
        order: row.order,
        startsAt: iso(item.startsAt),
        endsAt: iso(item.endsAt),
        published: was === undefined ? null : iso(was),
        moved: latest !== undefined && was !== item.startsAt,
      };
    }),
    conflicts,
    published: latest ? summaryOf(latest) : null,
    moved: latest ? movesOf(publishedTimes(latest.items), now, names) : [],
  };
}

function orNotFound(competitionId: number) {
  return (error: unknown): never => {
    if (error instanceof NotFoundError && error.entity === 'competition')
      throw notFound(`Competition ${competitionId}`);
    throw error;
  };
}

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.getDraft, async (c) => {
      const { competitionId } = c.req.valid('param');
      return c.json(await presentDraft(db, c.get('auth').orgId, competitionId), 200);
    })
    .openapi(routes.saveDraft, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const body = c.req.valid('json');
      await saveScheduleDraft(
        db,
        orgId,
        competitionId,
        {
          ...body,
          startsAt: body.startsAt.toISOString(),
          endsAt: body.endsAt ? body.endsAt.toISOString() : null,
        },
        requestActor(c),
      ).catch(orNotFound(competitionId));
      return c.json(await presentDraft(db, orgId, competitionId), 200);
    })
    .openapi(routes.publish, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const body = validBody(c);
      const row = await publishSchedule(db, orgId, competitionId, body, requestActor(c)).catch(
        orNotFound(competitionId),
      );
      const versions = presentVersions(await scheduleVersionRows(db, orgId, competitionId));
      const published = versions.find((version) => version.number === row.number);
      if (!published) throw new Error(`schedule version ${row.number} was not read back`);
      return c.json(published, 201);
    })
    .openapi(routes.listVersions, (c) => {
      const { competitionId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        await competitionOr404(db, orgId, competitionId);
        return { body: { data: presentVersions(await scheduleVersionRows(db, orgId, competitionId)) } };
      });
    });
}
