/**
 * The audit trail as the console lists it: who, when, what (from what to what) and why, each entry placed in its
 * division and group where it concerns a performance, so the list filters by division, judge (who wrote) and group.
 * The trail's `before`/`after` are the API's snapshots (decision 062): read by shape, described in words.
 */
import type { AuditEntry } from '../api/get-audit';

export interface AuditRow {
  seq: number;
  at: string;
  who: string;
  action: string;
  /** the performance's group and division, when the entry is a performance's */
  group: string | null;
  divisionId: number | null;
  changes: string[];
  reason: string | null;
}

export interface AuditFilter {
  divisionId?: number;
  who?: string;
  group?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const actionWords: Record<string, string> = {
  'performance.enter-scores': 'Scores entered',
  'performance.set-penalties': 'Penalties',
  'performance.set-performed': 'Performed or not',
  'section.sign-off': 'Sign-off',
  'section.sign-off-withdrawn': 'Sign-off withdrawn by a change',
  'competition.release': 'Release',
  'panel.seat-judge': 'Judge seated',
  'panel.unseat-judge': 'Judge removed',
  'performance.create': 'Performance added',
  'performance.update': 'Performance changed',
  'performance.delete': 'Performance deleted',
  'competition.update': 'Competition changed',
  'commentary.upload': 'Commentary uploaded',
  'commentary.verify': 'Commentary verified or not',
  'commentary.move': 'Commentary moved',
  'commentary.clear': 'Commentary cleared',
  'commentary.release': 'Commentary release',
};

export const actionLabel = (action: string) => actionWords[action] ?? action;

type Line = { captionKey: string; subcaptionKey: string; score: number };

function lines(snapshot: unknown): Line[] {
  if (!isObject(snapshot) || !Array.isArray(snapshot.scores)) return [];
  return snapshot.scores.filter(isObject).map((line) => ({
    captionKey: String(line.captionKey),
    subcaptionKey: String(line.subcaptionKey),
    score: Number(line.score),
  }));
}

function entryStates(snapshot: unknown): Map<string, string> {
  const states = new Map<string, string>();
  if (!isObject(snapshot) || !Array.isArray(snapshot.entries)) return states;
  for (const entry of snapshot.entries.filter(isObject))
    states.set(String(entry.captionKey), `${String(entry.state)} v${String(entry.version)}`);
  return states;
}

const penaltyOf = (snapshot: unknown) =>
  isObject(snapshot) && Array.isArray(snapshot.penalties)
    ? snapshot.penalties.filter(isObject).reduce((sum, penalty) => sum + Number(penalty.amount), 0)
    : 0;

const numbers = (list: Line[]) =>
  list.length === 0 ? 'none' : list.map((line) => `${line.subcaptionKey} ${line.score}`).join(', ');

type DivisionNames = ReadonlyMap<number, string>;

/** "ea: voc 68, exc 70 → voc 69, exc 70" for each caption whose numbers changed; state, penalty and performed too. */
export function describeChanges(before: unknown, after: unknown, divisions: DivisionNames = new Map()): string[] {
  if (!isObject(before) && !isObject(after)) return [];
  const changes: string[] = [];
  const was = lines(before);
  const now = lines(after);
  const captions = [...new Set([...was, ...now].map((line) => line.captionKey))];
  for (const caption of captions) {
    const from = was.filter((line) => line.captionKey === caption);
    const to = now.filter((line) => line.captionKey === caption);
    if (numbers(from) !== numbers(to)) changes.push(`${caption}: ${numbers(from)} → ${numbers(to)}`);
  }
  const statesBefore = entryStates(before);
  for (const [caption, state] of entryStates(after)) {
    const previous = statesBefore.get(caption);
    if (previous !== state && previous?.split(' ')[0] !== state.split(' ')[0])
      changes.push(`${caption} entry: ${previous?.split(' ')[0] ?? 'none'} → ${state.split(' ')[0]}`);
  }
  if (penaltyOf(before) !== penaltyOf(after)) changes.push(`penalty: ${penaltyOf(before)} → ${penaltyOf(after)}`);
  if (isObject(before) && isObject(after) && before.performed !== after.performed && after.performed !== undefined)
    changes.push(
      after.performed === false
        ? `did not perform${typeof after.noScoreReason === 'string' && after.noScoreReason ? ` (${after.noScoreReason})` : ''}`
        : 'performed',
    );
  changes.push(...sectionChanges(before, after).map((change) => change.text(divisions)));
  changes.push(...commentaryChanges(before, after));
  changes.push(...commentaryReleaseChanges(before, after, divisions));
  return changes;
}

/** A commentary recording's snapshot (decision 128): where it is filed, heard or not, verified, cleared. */
function commentaryChanges(before: unknown, after: unknown): string[] {
  const isRecording = (snapshot: unknown): snapshot is Record<string, unknown> =>
    isObject(snapshot) && typeof snapshot.captionKey === 'string' && 'current' in snapshot && 'cleared' in snapshot;
  if (!isRecording(after)) return [];
  const was = isRecording(before) ? before : null;
  const changes: string[] = [];
  const place = (snapshot: Record<string, unknown>) =>
    `performance ${String(snapshot.performanceId)}, ${String(snapshot.captionKey)}`;
  if (!was)
    changes.push(`${String(after.captionKey)}: recording ${after.current ? 'heard' : 'kept beside the verified one'}`);
  else if (was.performanceId !== after.performanceId || was.captionKey !== after.captionKey)
    changes.push(`moved: ${place(was)} → ${place(after)}`);
  if (was && was.verified !== after.verified) changes.push(after.verified ? 'verified' : 'verification taken back');
  if (was && was.cleared !== after.cleared) changes.push(after.cleared ? 'cleared' : 'heard again');
  else if (was && was.current !== after.current && !after.cleared)
    changes.push(after.current ? 'heard' : 'no longer heard');
  return changes;
}

const RELEASE_WORDS: Record<string, string> = {
  'with-scores': 'commentary with the scores',
  now: 'commentary released by hand',
  withheld: 'commentary withheld',
};

/** A release row's mode; no row is with the scores. */
const modeOf = (release: Record<string, unknown> | undefined) =>
  typeof release?.release === 'string' ? release.release : 'with-scores';

/** A competition's commentary releases by hand (no row: with the scores), per division and round. */
function commentaryReleaseChanges(before: unknown, after: unknown, divisions: DivisionNames): string[] {
  const releases = (snapshot: unknown) =>
    isObject(snapshot) && Array.isArray(snapshot.releases) ? snapshot.releases.filter(isObject) : null;
  const now = releases(after);
  if (!now) return [];
  const was = releases(before) ?? [];
  const key = (release: Record<string, unknown>) => `${String(release.divisionId)}-${String(release.round)}`;
  const modes = (list: Record<string, unknown>[]) => new Map(list.map((release) => [key(release), release]));
  const [from, to] = [modes(was), modes(now)];
  const changes: string[] = [];
  for (const k of new Set([...from.keys(), ...to.keys()])) {
    const release = to.get(k) ?? from.get(k)!;
    const mode = modeOf(to.get(k));
    if (modeOf(from.get(k)) === mode) continue;
    const divisionId = Number(release.divisionId);
    changes.push(
      `${divisions.get(divisionId) ?? `division ${divisionId}`}, round ${String(release.round)}: ${RELEASE_WORDS[mode] ?? mode}`,
    );
  }
  return changes;
}

/**
 * A competition's release and sign-off flags per division and round (the competition snapshot's `sections`), named
 * as the console names its sections ("Scholastic A Finals"). A section's `released` is null until it is released or
 * withdrawn on its own: it then follows its round's `scoresReleased`, so null is read as the round says, never as
 * "withdrawn" (a first sign-off makes the section's row, released null: one change, the sign-off); a section not listed
 * yet follows its round too.
 */
function sectionChanges(
  before: unknown,
  after: unknown,
): { divisionId: number; text: (names: DivisionNames) => string }[] {
  const listed = (snapshot: unknown, key: 'sections' | 'rounds') =>
    isObject(snapshot) && Array.isArray(snapshot[key]) ? snapshot[key].filter(isObject) : [];
  const released = (snapshot: unknown, section: Record<string, unknown> | undefined, roundNumber: unknown) =>
    typeof section?.released === 'boolean'
      ? section.released
      : listed(snapshot, 'rounds').some((round) => round.number === roundNumber && round.scoresReleased === true);
  const was = listed(before, 'sections');
  const changes: { divisionId: number; text: (names: DivisionNames) => string }[] = [];
  for (const section of listed(after, 'sections')) {
    const old = was.find(
      (candidate) => candidate.round === section.round && candidate.divisionId === section.divisionId,
    );
    const divisionId = Number(section.divisionId);
    const roundName = listed(after, 'rounds').find((round) => round.number === section.round)?.name;
    const round = typeof roundName === 'string' && roundName ? roundName : `round ${String(section.round)}`;
    const where = (names: DivisionNames) => `${names.get(divisionId) ?? `division ${divisionId}`} ${round}`;
    const releasedNow = released(after, section, section.round);
    if (released(before, old, section.round) !== releasedNow)
      changes.push({ divisionId, text: (names) => `${where(names)}: ${releasedNow ? 'released' : 'withdrawn'}` });
    if ((old?.signedOffAt ?? null) !== (section.signedOffAt ?? null))
      changes.push({
        divisionId,
        text: (names) => `${where(names)}: ${section.signedOffAt ? 'signed off' : 'sign-off taken back'}`,
      });
  }
  return changes;
}

/** The trail newest first, each entry placed by its performance (`groups`: performance id to group and division). */
export function auditRows(
  entries: readonly AuditEntry[],
  performances: ReadonlyMap<number, { group: string; divisionId: number }>,
  divisions: DivisionNames = new Map(),
): AuditRow[] {
  return [...entries]
    .sort((a, b) => b.seq - a.seq)
    .map((entry) => {
      const snapshot = isObject(entry.after) ? entry.after : isObject(entry.before) ? entry.before : null;
      // A commentary recording's entry is its performance's (where it is filed after the change).
      const performanceId =
        entry.resource.type === 'performance' && entry.resource.id !== null
          ? Number(entry.resource.id)
          : entry.resource.type === 'commentary' && snapshot && typeof snapshot.performanceId === 'number'
            ? snapshot.performanceId
            : undefined;
      const performance = performanceId === undefined ? undefined : performances.get(performanceId);
      // A release or sign-off of one division is that division's entry.
      const sectionDivisions = [
        ...new Set(sectionChanges(entry.before, entry.after).map((change) => change.divisionId)),
      ];
      return {
        seq: entry.seq,
        at: entry.at,
        who: entry.actor.name,
        action: entry.action,
        group: performance?.group ?? null,
        divisionId:
          performance?.divisionId ??
          (entry.resource.type === 'performance' && snapshot && typeof snapshot.divisionId === 'number'
            ? snapshot.divisionId
            : sectionDivisions.length === 1
              ? sectionDivisions[0]
              : null),
        changes: describeChanges(entry.before, entry.after, divisions),
        reason: entry.reason,
      };
    });
}

export function filterAudit(rows: readonly AuditRow[], filter: AuditFilter): AuditRow[] {
  return rows.filter(
    (row) =>
      (filter.divisionId === undefined || row.divisionId === filter.divisionId) &&
      (filter.who === undefined || row.who === filter.who) &&
      (filter.group === undefined || row.group === filter.group),
  );
}
