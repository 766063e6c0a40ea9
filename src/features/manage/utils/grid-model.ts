/**
 * The console's grid, built from what the API answers: progress (per caption, which performed performances lack a
 * submitted entry), the preview (the submitted numbers, the sheet, corrections after release), the schedule (the
 * running order) and the audit trail (each performance's entries' state and version after its latest write: the
 * one read that tells a judge's draft from nothing at all). Pure, so each state is tested without a browser.
 */
import type { AuditEntry } from '../api/get-audit';
import type { PreviewSection } from '../api/get-preview';
import type { SectionProgress } from '../api/get-progress';
import type { Schedule } from '../../../lib/api-models';

export type CellState = 'empty' | 'draft' | 'submitted' | 'corrected' | 'not-performed';

export interface SubcaptionLine {
  key: string;
  name: string;
  max: number;
  step: number;
}

export interface GridColumn {
  captionKey: string;
  captionName: string;
  categoryName: string;
  /** the seated judge, "First Last"; null when nobody is seated */
  judge: string | null;
  /** a doubled panel's captions each have their own column: this says which judge of the panel it is (1, 2...) */
  panelSeat: number | null;
  subcaptions: SubcaptionLine[];
}

export interface GridCell {
  captionKey: string;
  state: CellState;
  /** the caption's score as tabulated (submitted entries only); null when it counts nowhere yet */
  score: number | null;
  /** the entry's numbers line by line, as the API last answered them (a draft's too, where the trail holds them) */
  scores: { subcaptionKey: string; score: number }[];
  /** the entry's version for `baseVersion`; null when not known (entered before versions were kept) */
  version: number | null;
}

export interface GridRow {
  performanceId: number;
  group: string;
  order: number;
  time: string | null;
  performed: boolean;
  noScoreReason: string;
  penalty: number;
  cells: GridCell[];
}

export interface GridSection {
  /** unique in the competition and safe in an element id */
  key: string;
  division: { id: number; name: string };
  round: { number: number; name: string };
  columns: GridColumn[];
  rows: GridRow[];
  released: boolean;
  signOff: SectionProgress['signOff'];
  readyToRelease: boolean;
  corrections: number;
  /** counts for the section's heading: caption entries submitted of those needed */
  submitted: number;
  needed: number;
}

type EntryState = { captionKey: string; state: string | null; version: number };
type SnapshotScore = { captionKey: string; subcaptionKey: string; score: number };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A performance's state after its latest write in the trail: entries (state, version) and stored numbers. */
interface PerformanceSnapshot {
  entries: EntryState[];
  scores: SnapshotScore[];
}

/** Each performance's latest snapshot, read by shape (the trail's `after` is the API's own JSON, not typed). */
export function latestSnapshots(entries: readonly AuditEntry[]): Map<number, PerformanceSnapshot> {
  const latest = new Map<number, PerformanceSnapshot>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (entry.resource.type !== 'performance' || entry.resource.id === null) continue;
    const id = Number(entry.resource.id);
    const after = entry.after;
    if (!Number.isInteger(id)) continue;
    if (!isObject(after)) {
      latest.delete(id);
      continue;
    }
    const entryStates = Array.isArray(after.entries) ? after.entries.filter(isObject) : [];
    const scores = Array.isArray(after.scores) ? after.scores.filter(isObject) : [];
    latest.set(id, {
      entries: entryStates.map((state) => ({
        captionKey: String(state.captionKey),
        state: typeof state.state === 'string' ? state.state : null,
        version: Number(state.version) || 0,
      })),
      scores: scores.map((score) => ({
        captionKey: String(score.captionKey),
        subcaptionKey: String(score.subcaptionKey),
        score: Number(score.score),
      })),
    });
  }
  return latest;
}

export const sectionKeyOf = (divisionId: number, round: number) => `d${divisionId}-r${round}`;

export interface GridInputs {
  progress: readonly SectionProgress[];
  preview: readonly PreviewSection[];
  schedule: Schedule | null;
  audit: readonly AuditEntry[];
}

export function buildGrid({ progress, preview, schedule, audit }: GridInputs): GridSection[] {
  const snapshots = latestSnapshots(audit);
  return progress.map((section) => {
    const sectionPreview = preview.find(
      (candidate) => candidate.division.id === section.division.id && candidate.round.number === section.round.number,
    );
    const columns = columnsOf(section, sectionPreview);
    const scheduled = (schedule?.data ?? [])
      .filter((entry) => entry.division.id === section.division.id && entry.round.number === section.round.number)
      .sort((a, b) => a.order - b.order);
    const scored = sectionPreview?.performances ?? [];
    // The running order is the schedule's; a performance it does not list yet (added a moment ago) comes last.
    const order = [
      ...scheduled.map((entry) => ({
        performanceId: entry.performanceId,
        group: entry.group.name,
        order: entry.order,
        time: entry.time,
      })),
      ...scored
        .filter((performance) => !scheduled.some((entry) => entry.performanceId === performance.performanceId))
        .map((performance, index) => ({
          performanceId: performance.performanceId,
          group: performance.group.name,
          order: scheduled.length + index + 1,
          time: null,
        })),
    ];
    const corrected = new Set(
      (sectionPreview?.corrections ?? [])
        .filter((correction) => correction.captionKey !== null)
        .map((correction) => `${correction.performanceId}:${correction.captionKey}`),
    );
    const rows = order.map((place): GridRow => {
      const performance = scored.find((candidate) => candidate.performanceId === place.performanceId);
      // v4 scores call a performance not yet scored not performed; progress lists it as missing its captions,
      // which only a performed one can be.
      const performed =
        (performance?.performed ?? true) ||
        section.captions.some((caption) => caption.missing.includes(place.performanceId));
      const snapshot = snapshots.get(place.performanceId);
      const cells = columns.map((column): GridCell => {
        const entry = snapshot?.entries.find((candidate) => candidate.captionKey === column.captionKey);
        const captionScores = performance?.categories
          .flatMap((category) => category.captions)
          .find((caption) => caption.key === column.captionKey);
        const caption = section.captions.find((candidate) => candidate.captionKey === column.captionKey);
        const lacking = caption?.missing.includes(place.performanceId) ?? true;
        const state: CellState = !performed
          ? 'not-performed'
          : lacking
            ? entry?.state === 'draft'
              ? 'draft'
              : 'empty'
            : corrected.has(`${place.performanceId}:${column.captionKey}`)
              ? 'corrected'
              : 'submitted';
        const numbers =
          captionScores && captionScores.subcaptions.length > 0
            ? captionScores.subcaptions.map((line) => ({ subcaptionKey: line.key, score: line.score }))
            : (snapshot?.scores ?? [])
                .filter((score) => score.captionKey === column.captionKey)
                .map(({ subcaptionKey, score }) => ({ subcaptionKey, score }));
        return {
          captionKey: column.captionKey,
          state,
          score: state === 'submitted' || state === 'corrected' ? (captionScores?.score ?? null) : null,
          scores: state === 'empty' ? [] : numbers,
          version: entry ? entry.version : snapshot ? 0 : null,
        };
      });
      return {
        performanceId: place.performanceId,
        group: place.group,
        order: place.order,
        time: place.time,
        performed,
        noScoreReason: performance?.noScoreReason ?? '',
        penalty:
          performance?.penalty ??
          section.penalties.find((penalty) => penalty.performanceId === place.performanceId)?.amount ??
          0,
        cells,
      };
    });
    const needed = rows.filter((row) => row.performed).length * columns.length;
    const submitted = rows
      .filter((row) => row.performed)
      .reduce(
        (sum, row) => sum + row.cells.filter((cell) => cell.state === 'submitted' || cell.state === 'corrected').length,
        0,
      );
    return {
      key: sectionKeyOf(section.division.id, section.round.number),
      division: section.division,
      round: section.round,
      columns,
      rows,
      released: section.released,
      signOff: section.signOff,
      readyToRelease: section.readyToRelease,
      corrections: section.corrections,
      submitted,
      needed,
    };
  });
}

/**
 * Which judge of several a caption is, where captions share a name (General Effect judged twice, a doubled panel):
 * 1, 2... in the order given; captions whose name is their own are not in the map.
 */
export function namesakeNumbers(captions: readonly { key: string; name: string }[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const caption of captions) {
    const same = captions.filter((other) => other.name === caption.name);
    if (same.length > 1) numbers.set(caption.key, same.indexOf(caption) + 1);
  }
  return numbers;
}

/** The progress's captions in the sheet's order, each with its category and lines from the preview's sheet. */
function columnsOf(section: SectionProgress, preview: PreviewSection | undefined): GridColumn[] {
  const sheetCaptions = (preview?.sheet.categories ?? []).flatMap((category) =>
    category.captions.map((caption) => ({ category, caption })),
  );
  const namesakes = namesakeNumbers(
    section.captions.map((caption) => ({ key: caption.captionKey, name: caption.captionName })),
  );
  return section.captions.map((progress): GridColumn => {
    const found = sheetCaptions.find(({ caption }) => caption.key === progress.captionKey);
    const panel = found?.caption.panel ?? null;
    const panelMates = panel === null ? [] : found!.category.captions.filter((caption) => caption.panel === panel);
    return {
      captionKey: progress.captionKey,
      captionName: progress.captionName,
      categoryName: found?.category.name ?? '',
      judge: progress.judge ? `${progress.judge.firstName} ${progress.judge.lastName}`.trim() : null,
      panelSeat:
        panelMates.length > 1
          ? panelMates.findIndex((caption) => caption.key === progress.captionKey) + 1
          : (namesakes.get(progress.captionKey) ?? null),
      subcaptions: (found?.caption.subcaptions ?? []).map((line) => ({
        key: line.key,
        name: line.name,
        max: line.max,
        step: line.step,
      })),
    };
  });
}

/** " (judge 2)" after a caption's name where captions share it; nothing otherwise. */
export const seatLabel = (column: Pick<GridColumn, 'panelSeat'> | undefined) =>
  column?.panelSeat != null ? ` (judge ${column.panelSeat})` : '';

export const cellStateLabel: Record<CellState, string> = {
  empty: 'not entered',
  draft: 'draft',
  submitted: 'submitted',
  corrected: 'corrected',
  'not-performed': 'did not perform',
};
