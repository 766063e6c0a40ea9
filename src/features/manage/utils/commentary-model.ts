/**
 * The commentary page's model (issue 38): a competition's commentary per division and round (its release), per
 * performance in running order, per caption: its state in words, the recording heard, and how many were filed there.
 * A performance and caption's upload history is its recordings, each with what was done to it, by whom and why.
 */
import type { CommentaryState } from '../../../../domain/commentary';
import { clockOf } from '../../../lib/format';
import type {
  CommentaryRecording,
  CommentarySlot,
  CompetitionCommentary,
  PerformanceRecording,
  SectionRelease,
} from '../api/get-commentary';
import { namesakeNumbers } from './grid-model';

export interface CommentaryCell {
  captionKey: string;
  captionName: string;
  judges: string;
  state: CommentaryState;
  /** "No recording", "Recording or uploading", "Uploaded, 5:12", "Verified, 5:12" */
  text: string;
  current: CommentaryRecording | null;
  recordingNow: boolean;
  /** recordings filed here besides the one heard (a replaced one, one kept beside a verified one, a cleared one) */
  others: number;
  slot: CommentarySlot;
}

export interface CommentaryRow {
  performanceId: number;
  order: number;
  group: string;
  performed: boolean;
  cells: CommentaryCell[];
}

export interface CommentarySection {
  key: string;
  name: string;
  round: { number: number; name: string };
  division: { id: number; name: string };
  release: SectionRelease;
  /** what the release means now, in words */
  releaseText: string;
  rows: CommentaryRow[];
  counts: Record<CommentaryState, number>;
  /** performed performances' captions with no finished recording: what a release by hand would lack */
  missing: number;
}

const STATE_WORDS: Record<CommentaryState, string> = {
  none: 'No recording',
  recording: 'Recording or uploading',
  uploaded: 'Uploaded',
  verified: 'Verified',
};

export const judgesOf = (slot: CommentarySlot) =>
  slot.judges.map((judge) => `${judge.firstName} ${judge.lastName}`.trim()).join(' and ') || 'No judge seated';

function cellText(slot: CommentarySlot): string {
  const duration = slot.current?.durationMs ? `, ${clockOf(slot.current.durationMs)}` : '';
  if (slot.state === 'uploaded' || slot.state === 'verified') return `${STATE_WORDS[slot.state]}${duration}`;
  return STATE_WORDS[slot.state];
}

/** What a division and round's release means now. */
export function releaseText(release: SectionRelease): string {
  const mode = release.release;
  if (mode === 'now') return 'Released by hand: the circuit hears it now.';
  if (mode === 'withheld') return 'Withheld: heard only by the people running the show, even once the scores are out.';
  return release.scoresReleased
    ? 'Released with the scores: the circuit hears it now.'
    : 'Goes out with the scores: heard by the circuit once they are released.';
}

const sectionKey = (round: number, divisionId: number) => `${divisionId}-${round}`;

/** Sections in the order the API gives them, each with its performances in running order and captions in sheet order. */
export function commentarySections(commentary: CompetitionCommentary): CommentarySection[] {
  const sections = new Map<string, CommentarySection>();
  for (const release of commentary.sections) {
    const key = sectionKey(release.round.number, release.division.id);
    sections.set(key, {
      key,
      name: `${release.division.name} ${release.round.name || `round ${release.round.number}`}`,
      round: release.round,
      division: release.division,
      release,
      releaseText: releaseText(release),
      rows: [],
      counts: { none: 0, recording: 0, uploaded: 0, verified: 0 },
      missing: 0,
    });
  }
  const rows = new Map<string, CommentaryRow>();
  for (const slot of commentary.data) {
    const section = sections.get(sectionKey(slot.round.number, slot.division.id));
    if (!section) continue;
    const rowKey = `${section.key}-${slot.performance.id}`;
    let row = rows.get(rowKey);
    if (!row) {
      row = {
        performanceId: slot.performance.id,
        order: slot.performance.order,
        group: slot.performance.group.name,
        performed: slot.performance.performed,
        cells: [],
      };
      rows.set(rowKey, row);
      section.rows.push(row);
    }
    row.cells.push({
      captionKey: slot.caption.key,
      captionName: slot.caption.name,
      judges: judgesOf(slot),
      state: slot.state,
      text: cellText(slot),
      current: slot.current,
      recordingNow: slot.recordingNow,
      others: Math.max(0, slot.recordings - (slot.current ? 1 : 0)),
      slot,
    });
    section.counts[slot.state] += 1;
    if (slot.performance.performed && (slot.state === 'none' || slot.state === 'recording')) section.missing += 1;
  }
  for (const section of sections.values()) {
    section.rows.sort((a, b) => a.order - b.order);
    // Captions that share a name (General Effect judged twice) are told apart as the console's grid tells them.
    const captions = section.rows[0]?.cells.map((cell) => ({ key: cell.captionKey, name: cell.captionName })) ?? [];
    const namesakes = namesakeNumbers(captions);
    for (const cell of section.rows.flatMap((row) => row.cells)) {
      const number = namesakes.get(cell.captionKey);
      if (number !== undefined) cell.captionName = `${cell.captionName} ${number}`;
    }
  }
  return [...sections.values()];
}

export interface HistoryLine {
  recording: PerformanceRecording;
  /** "Heard now", "Kept beside the verified one", "Replaced", "Cleared", "Moved to Bravo HS, Equipment" ... */
  standing: string;
  /** "Uploaded by Ann Equip at 2:15 PM", each entry of its audit trail */
  events: { action: string; at: string; by: string; reason: string | null }[];
}

const ACTION_WORDS: Record<string, string> = {
  'commentary.upload': 'Uploaded',
  'commentary.verify': 'Verification changed',
  'commentary.move': 'Moved',
  'commentary.clear': 'Cleared',
};

export const historyAction = (action: string) => ACTION_WORDS[action] ?? action;

/**
 * The upload history of one performance and caption: every recording filed there or recorded there and moved away,
 * oldest first, each with where it stands. `placeName`: a performance and caption in words, for a moved one.
 */
export function historyOf(
  recordings: readonly PerformanceRecording[],
  performanceId: number,
  captionKey: string,
  placeName: (performanceId: number, captionKey: string) => string,
): HistoryLine[] {
  const here = (recording: PerformanceRecording) =>
    recording.performanceId === performanceId && recording.captionKey === captionKey;
  const recordedHere = (recording: PerformanceRecording) =>
    recording.recordedFor?.performanceId === performanceId && recording.recordedFor.captionKey === captionKey;
  const heard = recordings.find((recording) => here(recording) && recording.current);
  return recordings
    .filter((recording) => here(recording) || recordedHere(recording))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
    .map((recording) => {
      let standing: string;
      if (!here(recording)) standing = `Moved to ${placeName(recording.performanceId, recording.captionKey)}`;
      else if (recording.cleared) standing = 'Cleared: nobody hears it';
      else if (recording.current) standing = recording.verified ? 'Heard now, verified' : 'Heard now';
      else if (recording.state === 'recording') standing = 'Still recording or uploading';
      else if (heard?.verified && heard.createdAt < recording.createdAt)
        standing = 'Kept beside the verified one: not heard';
      else standing = 'Replaced by a later one: not heard';
      const moved =
        here(recording) && recording.recordedFor
          ? ` (recorded for ${placeName(recording.recordedFor.performanceId, recording.recordedFor.captionKey)})`
          : '';
      return {
        recording,
        standing: `${standing}${moved}`,
        events: recording.history.map((entry) => ({
          action: historyAction(entry.action),
          at: entry.at,
          by: entry.by.name,
          reason: entry.reason,
        })),
      };
    });
}
