/**
 * What a resource looks like for the audit trail's `before` and `after` (docs/decisions/062-audit-chain.md): the
 * stored facts a person would check, as plain JSON (no Date objects, so the hash of the entry is the hash of what
 * is stored), and the competition the resource belongs to, by which the trail is filtered.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import * as t from '../schema.js';
import { fromThousandths } from './support.js';

export type AuditResourceType =
  | 'season'
  | 'division'
  | 'group'
  | 'event'
  | 'competition'
  | 'panel'
  | 'performance'
  | 'user'
  | 'commentary'
  | 'commentary-release'
  | 'draw'
  | 'schedule'
  | 'access-request'
  | 'registration-window'
  | 'registration'
  | 'critique';

export interface Snapshot {
  state: unknown;
  competitionId?: number;
}

/** The resource's state now, or undefined when the organization has no such resource. */
export async function snapshotOf(
  db: DbOrTx,
  orgId: number,
  type: AuditResourceType,
  id: number,
): Promise<Snapshot | undefined> {
  const snapshot = await readers[type](db, orgId, id);
  return snapshot && { ...snapshot, state: plainJson(snapshot.state) };
}

/**
 * Performances' snapshots in one query, by id (absent: no such performance of the organization): taken before and
 * after every score write, and a batch of judges' writes takes each once for all its performances
 * (http/entry-batches.ts). Lines and entries are ordered byte by byte (COLLATE "C", the embedded database's own
 * order, whatever a PostgreSQL server's default collation is), so that a batch can tell each write's state between
 * the two in the same order (entry-snapshots.ts).
 */
export async function performanceSnapshots(
  db: DbOrTx,
  orgId: number,
  ids: readonly number[],
): Promise<Map<number, Snapshot>> {
  const snapshots = new Map<number, Snapshot>();
  if (ids.length === 0) return snapshots;
  const rows = await db
    .select({
      id: t.performances.id,
      competitionId: t.rounds.competitionId,
      round: t.rounds.number,
      divisionId: t.performances.divisionId,
      groupId: t.performances.groupId,
      performsAt: t.performances.performsAt,
      order: t.performances.performanceOrder,
      performed: t.performances.performed,
      noScoreReason: t.performances.noScoreReason,
      scores: sql<[string, string, number][]>`(SELECT coalesce(json_agg(json_build_array(s.caption_key,
        s.subcaption_key, s.score_thousandths) ORDER BY s.caption_key COLLATE "C", s.subcaption_key COLLATE "C"),
        '[]'::json) FROM subcaption_scores s WHERE s.performance_id = ${t.performances.id})`,
      penalties: sql<[number, string][]>`(SELECT coalesce(json_agg(json_build_array(p.amount_thousandths, p.reason)
        ORDER BY p.id), '[]'::json) FROM penalties p WHERE p.performance_id = ${t.performances.id})`,
      // each caption entry's state and version (decision 080): a judge's submit changes no number but this
      entries: sql<{ captionKey: string; state: string; version: number }[]>`(SELECT coalesce(json_agg(
        json_build_object('captionKey', e.caption_key, 'state', e.state, 'version', e.version)
        ORDER BY e.caption_key COLLATE "C"), '[]'::json) FROM score_entries e WHERE e.performance_id = ${t.performances.id})`,
    })
    .from(t.performances)
    .innerJoin(t.rounds, eq(t.rounds.id, t.performances.roundId))
    .where(and(inArray(t.performances.id, [...ids]), eq(t.performances.orgId, orgId)));
  for (const row of rows) {
    const { id, competitionId, scores, penalties, entries, ...performance } = row;
    snapshots.set(id, {
      state: plainJson({
        ...performance,
        scores: scores.map(([captionKey, subcaptionKey, thousandths]) => ({
          captionKey,
          subcaptionKey,
          score: fromThousandths(thousandths),
        })),
        penalties: penalties.map(([thousandths, reason]) => ({ amount: fromThousandths(thousandths), reason })),
        entries,
      }),
      competitionId,
    });
  }
  return snapshots;
}

const readers: Record<AuditResourceType, (db: DbOrTx, orgId: number, id: number) => Promise<Snapshot | undefined>> = {
  async season(db, orgId, id) {
    const [row] = await db
      .select({
        name: t.seasons.name,
        year: t.seasons.year,
        startDate: t.seasons.startDate,
        endDate: t.seasons.endDate,
        chosenCurrent: sql<boolean>`coalesce(${t.organizations.currentSeasonId} = ${t.seasons.id}, false)`,
      })
      .from(t.seasons)
      .innerJoin(t.organizations, eq(t.organizations.id, t.seasons.orgId))
      .where(and(eq(t.seasons.id, id), eq(t.seasons.orgId, orgId)));
    return row && { state: row };
  },
  /** with its sheet whole: a sheet change is a change of how every later round is scored */
  async division(db, orgId, id) {
    const [row] = await db
      .select({
        name: t.divisions.name,
        initials: t.divisions.initials,
        groupTypeId: t.divisions.groupTypeId,
        sortOrder: t.divisions.sortOrder,
        sheetKey: t.scoreSheets.catalogueKey,
        sheet: t.scoreSheets.definition,
      })
      .from(t.divisions)
      .leftJoin(t.scoreSheets, eq(t.scoreSheets.id, t.divisions.scoreSheetId))
      .where(and(eq(t.divisions.id, id), eq(t.divisions.orgId, orgId)));
    return row && { state: row };
  },
  async group(db, orgId, id) {
    const [row] = await db
      .select({
        name: t.groups.name,
        location: t.groups.location,
        circuitId: t.groups.circuitId,
        divisionId: t.groups.divisionId,
        active: t.groups.active,
        pending: t.groups.pending,
      })
      .from(t.groups)
      .where(and(eq(t.groups.id, id), eq(t.groups.orgId, orgId)));
    return row && { state: row };
  },
  async event(db, orgId, id) {
    const [row] = await db
      .select({
        seasonId: t.events.seasonId,
        name: t.events.name,
        location: t.events.location,
        eventTypeId: t.events.eventTypeId,
        practice: t.events.practice,
        startDate: t.events.startDate,
      })
      .from(t.events)
      .where(and(eq(t.events.id, id), eq(t.events.orgId, orgId)));
    return row && { state: row };
  },
  async competition(db, orgId, id) {
    const [row] = await db
      .select({
        eventId: t.competitions.eventId,
        name: t.competitions.name,
        startsAt: t.competitions.startsAt,
        chiefJudge: t.competitions.chiefJudge,
        groupTypeId: t.competitions.groupTypeId,
      })
      .from(t.competitions)
      .where(and(eq(t.competitions.id, id), eq(t.competitions.orgId, orgId)));
    if (!row) return undefined;
    const rounds = await db
      .select({ number: t.rounds.number, name: t.rounds.name, scoresReleased: t.rounds.scoresReleased })
      .from(t.rounds)
      .where(eq(t.rounds.competitionId, id))
      .orderBy(asc(t.rounds.number));
    // divisions released on their own and sign-offs (decision 082): what a release or a sign-off changes
    const sections = await db
      .select({
        round: t.rounds.number,
        divisionId: t.sectionReviews.divisionId,
        released: t.sectionReviews.released,
        signedOffAt: t.sectionReviews.signedOffAt,
        signedOffBy: t.sectionReviews.signedOffBy,
      })
      .from(t.sectionReviews)
      .innerJoin(t.rounds, eq(t.rounds.id, t.sectionReviews.roundId))
      .where(eq(t.rounds.competitionId, id))
      .orderBy(asc(t.rounds.number), asc(t.sectionReviews.divisionId));
    return { state: { ...row, rounds, sections }, competitionId: id };
  },
  /** a competition's judges' panel, every round and division */
  async panel(db, orgId, id) {
    if (!(await isCompetitionOf(db, orgId, id))) return undefined;
    const judges = await db
      .select({
        round: t.rounds.number,
        divisionId: t.panelJudges.divisionId,
        captionKey: t.panelJudges.captionKey,
        firstName: t.panelJudges.firstName,
        lastName: t.panelJudges.lastName,
        userId: t.panelJudges.userId,
      })
      .from(t.panelJudges)
      .innerJoin(t.rounds, eq(t.rounds.id, t.panelJudges.roundId))
      .where(eq(t.rounds.competitionId, id))
      .orderBy(asc(t.rounds.number), asc(t.panelJudges.divisionId), asc(t.panelJudges.id));
    return { state: { judges }, competitionId: id };
  },
  async performance(db, orgId, id) {
    return (await performanceSnapshots(db, orgId, [id])).get(id);
  },
  /** a commentary recording: where it is filed, whether it is the one heard, verified, cleared (decision 128) */
  async commentary(db, orgId, id) {
    const [row] = await db
      .select({
        competitionId: t.rounds.competitionId,
        key: t.commentaryRecordings.key,
        performanceId: t.commentaryRecordings.performanceId,
        captionKey: t.commentaryRecordings.captionKey,
        recordedPerformanceId: t.commentaryRecordings.recordedPerformanceId,
        recordedCaptionKey: t.commentaryRecordings.recordedCaptionKey,
        state: t.commentaryRecordings.state,
        current: t.commentaryRecordings.isCurrent,
        contentType: t.commentaryRecordings.contentType,
        size: t.commentaryRecordings.size,
        durationMs: t.commentaryRecordings.durationMs,
        sha256: t.commentaryRecordings.sha256,
        verified: sql<boolean>`${t.commentaryRecordings.verifiedAt} IS NOT NULL`,
        cleared: sql<boolean>`${t.commentaryRecordings.clearedAt} IS NOT NULL`,
      })
      .from(t.commentaryRecordings)
      .innerJoin(t.performances, eq(t.performances.id, t.commentaryRecordings.performanceId))
      .innerJoin(t.rounds, eq(t.rounds.id, t.performances.roundId))
      .where(and(eq(t.commentaryRecordings.id, id), eq(t.commentaryRecordings.orgId, orgId)));
    if (!row) return undefined;
    const { competitionId, ...state } = row;
    return { state, competitionId };
  },
  /** a competition's commentary releases by hand, every round and division (no row: with the scores) */
  async 'commentary-release'(db, orgId, id) {
    if (!(await isCompetitionOf(db, orgId, id))) return undefined;
    const releases = await db
      .select({
        round: t.rounds.number,
        divisionId: t.commentaryReleases.divisionId,
        release: t.commentaryReleases.release,
      })
      .from(t.commentaryReleases)
      .innerJoin(t.rounds, eq(t.rounds.id, t.commentaryReleases.roundId))
      .where(eq(t.rounds.competitionId, id))
      .orderBy(asc(t.rounds.number), asc(t.commentaryReleases.divisionId));
    return { state: { releases }, competitionId: id };
  },
  /** the record whole: the rule, the inputs and the seed anyone re-runs it from */
  async draw(db, orgId, id) {
    const [row] = await db
      .select({
        competitionId: t.rounds.competitionId,
        round: t.rounds.number,
        divisionId: t.draws.divisionId,
        record: t.draws.record,
      })
      .from(t.draws)
      .innerJoin(t.rounds, eq(t.rounds.id, t.draws.roundId))
      .where(and(eq(t.draws.id, id), eq(t.draws.orgId, orgId)));
    if (!row) return undefined;
    const { competitionId, ...state } = row;
    return { state, competitionId };
  },
  /** a competition's registration (decision 136), by the competition's id: its dates, divisions and note */
  async 'registration-window'(db, orgId, id) {
    const [row] = await db
      .select()
      .from(t.registrationWindows)
      .where(and(eq(t.registrationWindows.competitionId, id), eq(t.registrationWindows.orgId, orgId)));
    return row && { state: row, competitionId: id };
  },
  /** a group's registration for a contest (decision 136): its state, reason, paid and the performance it made */
  async registration(db, orgId, id) {
    const [row] = await db
      .select()
      .from(t.registrations)
      .where(and(eq(t.registrations.id, id), eq(t.registrations.orgId, orgId)));
    return row && { state: row, competitionId: row.competitionId };
  },
  /** a division and round's critique (decision 137): its plan and the slots groups hold in it */
  async critique(db, orgId, id) {
    const [row] = await db
      .select({
        competitionId: t.rounds.competitionId,
        round: t.rounds.number,
        divisionId: t.critiques.divisionId,
        stations: t.critiques.stations,
        slotMinutes: t.critiques.slotMinutes,
        startsAt: t.critiques.startsAt,
        endsAt: t.critiques.endsAt,
        mode: t.critiques.mode,
      })
      .from(t.critiques)
      .innerJoin(t.rounds, eq(t.rounds.id, t.critiques.roundId))
      .where(and(eq(t.critiques.id, id), eq(t.critiques.orgId, orgId)));
    if (!row) return undefined;
    const held = await db
      .select({ groupId: t.critiqueSlots.groupId, slot: t.critiqueSlots.slot })
      .from(t.critiqueSlots)
      .where(eq(t.critiqueSlots.critiqueId, id))
      .orderBy(asc(t.critiqueSlots.slot));
    const { competitionId, ...state } = row;
    return { state: { ...state, held }, competitionId };
  },
  /** a competition's schedule (decision 138), by the competition's id: its draft, its latest published version and its logistical templates (141) */
  async schedule(db, orgId, id) {
    const [competition] = await db
      .select({ id: t.competitions.id })
      .from(t.competitions)
      .where(and(eq(t.competitions.id, id), eq(t.competitions.orgId, orgId)));
    if (!competition) return undefined;
    const [draft] = await db
      .select({ plan: t.scheduleDrafts.plan })
      .from(t.scheduleDrafts)
      .where(eq(t.scheduleDrafts.competitionId, id));
    const [version] = await db
      .select({ number: t.scheduleVersions.number, reason: t.scheduleVersions.reason, items: t.scheduleVersions.items })
      .from(t.scheduleVersions)
      .where(eq(t.scheduleVersions.competitionId, id))
      .orderBy(desc(t.scheduleVersions.number))
      .limit(1);
    const templates = await db
      .select({ divisionId: t.itineraryTemplates.divisionId, steps: t.itineraryTemplates.steps })
      .from(t.itineraryTemplates)
      .where(eq(t.itineraryTemplates.competitionId, id))
      .orderBy(t.itineraryTemplates.divisionId);
    return { state: { draft: draft?.plan ?? null, published: version ?? null, templates }, competitionId: id };
  },
  async user(db, orgId, id) {
    const [row] = await db
      .select({
        email: t.users.email,
        role: t.users.role,
        firstName: t.users.firstName,
        lastName: t.users.lastName,
        disabledAt: t.users.disabledAt,
        // a group's account: the groups it acts for and its role in each (decision 133)
        groups: sql<{ groupId: number; role: string }[]>`(SELECT coalesce(json_agg(json_build_object('groupId',
          m.group_id, 'role', m.role) ORDER BY m.group_id), '[]'::json) FROM group_memberships m
          WHERE m.user_id = ${t.users.id})`,
      })
      .from(t.users)
      .where(and(eq(t.users.id, id), eq(t.users.orgId, orgId)));
    return (
      row && {
        state: {
          email: row.email,
          role: row.role,
          firstName: row.firstName,
          lastName: row.lastName,
          disabled: row.disabledAt !== null,
          ...(row.role === 'group-administrator' || row.role === 'group-staff' ? { groups: row.groups } : {}),
        },
      }
    );
  },
  /** a request for a group's account ("find my group") and the circuit's decision on it */
  async 'access-request'(db, orgId, id) {
    const [row] = await db
      .select({
        groupId: t.accessRequests.groupId,
        email: t.accessRequests.email,
        firstName: t.accessRequests.firstName,
        lastName: t.accessRequests.lastName,
        role: t.accessRequests.role,
        state: t.accessRequests.state,
        reason: t.accessRequests.reason,
      })
      .from(t.accessRequests)
      .where(and(eq(t.accessRequests.id, id), eq(t.accessRequests.orgId, orgId)));
    return row && { state: row };
  },
};

async function isCompetitionOf(db: DbOrTx, orgId: number, id: number): Promise<boolean> {
  const [competition] = await db
    .select({ id: t.competitions.id })
    .from(t.competitions)
    .where(and(eq(t.competitions.id, id), eq(t.competitions.orgId, orgId)));
  return competition !== undefined;
}

/** Dates become ISO text, undefined members go: the JSON that jsonb stores and gives back unchanged. */
function plainJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** A performance's snapshot state as performanceSnapshots reads it, the parts a score write changes. */
interface ScoredState {
  scores: { captionKey: string; subcaptionKey: string }[];
  entries: { captionKey: string }[];
}

/** Byte order, as COLLATE "C" sorts: the order performanceSnapshots reads lines and entries in. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * A performance's state after each of several caption entries written to it one after the other (a batch of
 * judges' writes, each of its own caption), from its state before them all and after them all: after the k-th,
 * the captions the first k wrote are as after all and the others as before, since a score write changes nothing
 * but its caption's lines and entry. The last is `after` itself. So each write's audit entry has the before and
 * after it would have had alone, and each one's before is the previous one's after.
 */
export function statesBetween(before: unknown, after: unknown, captions: readonly string[]): unknown[] {
  const first = before as ScoredState;
  const last = after as ScoredState;
  return captions.map((_, index) => {
    if (index === captions.length - 1) return after;
    const later = new Set(captions.slice(index + 1));
    const pick = <T extends { captionKey: string }>(now: T[], then: T[]) => [
      ...now.filter((row) => !later.has(row.captionKey)),
      ...then.filter((row) => later.has(row.captionKey)),
    ];
    return {
      ...last,
      scores: pick(last.scores, first.scores).sort(
        (a, b) => byBytes(a.captionKey, b.captionKey) || byBytes(a.subcaptionKey, b.subcaptionKey),
      ),
      entries: pick(last.entries, first.entries).sort((a, b) => byBytes(a.captionKey, b.captionKey)),
    };
  });
}
