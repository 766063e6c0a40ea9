/**
 * The tablet status page's rows (issue 38): every judge seated at the competition by user, each with the tablets it
 * was heard from, in words: the device, the page's build, when last heard from and whether it is online, its battery,
 * what waits to be sent, what it records now and for how long, its microphone. A judge none of whose tablets has
 * reported for more than a minute (TABLET_SILENT_AFTER_MS) is flagged, in words as well as colour.
 */
import { TABLET_SILENT_AFTER_MS, type MicrophoneState } from '../../../../domain/commentary';
import { formatAge, formatTime } from '../../../lib/dates';
import { clockOf, sizeOf } from '../../../lib/format';
import type { SectionProgress } from '../api/get-progress';
import type { CompetitionTablets } from '../api/get-tablets';
import { namesakeNumbers } from './grid-model';

/**
 * A tablet reports every 4 s while its page is open and online (the judge's page's heartbeat): three missed reports
 * and it is offline, or its page closed. Silence past a minute is flagged.
 */
export const OFFLINE_AFTER_MS = 15_000;

/** Below this and not charging, the battery is said to be low. */
const LOW_BATTERY = 0.2;

export type Connection = 'online' | 'offline' | 'silent';

export interface TabletLine {
  deviceId: string;
  device: string;
  build: string;
  connection: Connection;
  /** "Online: seen 3 s ago", "Offline: last seen 40 s ago", "Silent for more than a minute: last seen 2 min ago (2:15 PM)" */
  seen: string;
  battery: string;
  lowBattery: boolean;
  /** "None", "1 entry" */
  entriesWaiting: string;
  /** "None", "2 recordings, 3.4 MB" */
  audioWaiting: string;
  /** "Alpha HS, Equipment Analysis, for 1:05"; null when not recording */
  recording: string | null;
  microphone: string;
  microphoneProblem: boolean;
  /** "2.1 GB free, kept by the browser" */
  storage: string | null;
}

export interface TabletJudgeRow {
  userId: number;
  name: string;
  /** "Scholastic A Finals: Equipment Analysis" */
  seats: string[];
  /** why this judge is flagged (no tablet heard from in the last minute), or null */
  flag: string | null;
  tablets: TabletLine[];
}

export interface TabletsSummary {
  judges: number;
  online: number;
  /** the flagged judges' names */
  flagged: string[];
  recording: number;
  entriesWaiting: number;
  audioWaiting: { count: number; bytes: number };
}

const MICROPHONE_WORDS: Record<MicrophoneState, string> = {
  off: 'Not in use',
  on: 'Working',
  silent: 'Silent: no sound for 10 s or more',
  refused: 'Permission refused',
  unavailable: 'None found',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type Names = { divisions: Map<number, string>; rounds: Map<number, string>; captions: Map<string, string> };

function namesOf(progress: readonly SectionProgress[]): Names {
  const names: Names = { divisions: new Map(), rounds: new Map(), captions: new Map() };
  for (const section of progress) {
    names.divisions.set(section.division.id, section.division.name);
    names.rounds.set(section.round.number, section.round.name || `round ${section.round.number}`);
    const namesakes = namesakeNumbers(
      section.captions.map((caption) => ({ key: caption.captionKey, name: caption.captionName })),
    );
    for (const caption of section.captions) {
      const number = namesakes.get(caption.captionKey);
      names.captions.set(
        caption.captionKey,
        number === undefined ? caption.captionName : `${caption.captionName} ${number}`,
      );
    }
  }
  return names;
}

function seen(connection: Connection, ageMs: number, lastSeenAt: string): string {
  if (connection === 'online') return `Online: seen ${formatAge(ageMs)}`;
  if (connection === 'offline') return `Offline: last seen ${formatAge(ageMs)}`;
  return `Silent for more than a minute: last seen ${formatAge(ageMs)} (${formatTime(lastSeenAt)})`;
}

type Tablet = CompetitionTablets['data'][number]['tablets'][number];

function tabletLine(tablet: Tablet, now: number, names: Names): TabletLine {
  const { report } = tablet;
  const age = Math.max(0, now - Date.parse(tablet.lastSeenAt));
  const connection: Connection =
    tablet.silent || age > TABLET_SILENT_AFTER_MS ? 'silent' : age > OFFLINE_AFTER_MS ? 'offline' : 'online';
  const battery = report.battery;
  const recording = report.recording;
  return {
    deviceId: tablet.deviceId,
    device: report.device || 'A device that did not say',
    build: report.build,
    connection,
    seen: seen(connection, age, tablet.lastSeenAt),
    battery: battery
      ? `${Math.round(battery.level * 100)}%${battery.charging ? ', charging' : ''}`
      : 'Not told by the browser',
    lowBattery: battery !== null && !battery.charging && battery.level < LOW_BATTERY,
    entriesWaiting: report.entriesWaiting === 0 ? 'None' : plural(report.entriesWaiting, 'entry', 'entries'),
    audioWaiting:
      report.audioWaiting.count === 0
        ? 'None'
        : `${plural(report.audioWaiting.count, 'recording', 'recordings')}, ${sizeOf(report.audioWaiting.bytes)}`,
    recording: recording
      ? `${recording.group ?? `performance ${recording.performanceId}`}, ${names.captions.get(recording.captionKey) ?? recording.captionKey}, for ${clockOf(now - Date.parse(recording.since))}`
      : null,
    microphone: MICROPHONE_WORDS[report.microphone],
    microphoneProblem:
      report.microphone === 'silent' || report.microphone === 'refused' || report.microphone === 'unavailable',
    storage: report.storage
      ? `${sizeOf(report.storage.freeBytes)} free${report.storage.persisted ? ', kept by the browser' : ', may be cleared by the browser'}`
      : null,
  };
}

/** The page's rows, in the API's order (by judge), each judge's tablets newest report first. `now`: this clock. */
export function tabletRows(
  status: CompetitionTablets,
  progress: readonly SectionProgress[],
  now: number,
): TabletJudgeRow[] {
  const names = namesOf(progress);
  return status.data.map((judge) => {
    const tablets = judge.tablets.map((tablet) => tabletLine(tablet, now, names));
    const heard = tablets.some((tablet) => tablet.connection !== 'silent');
    return {
      userId: judge.user.id,
      name: judge.user.name,
      seats: judge.seats.map(
        (seat) =>
          `${names.divisions.get(seat.divisionId) ?? `Division ${seat.divisionId}`} ${names.rounds.get(seat.round) ?? `round ${seat.round}`}: ${names.captions.get(seat.captionKey) ?? seat.captionKey}`,
      ),
      flag: heard ? null : tablets.length === 0 ? 'No tablet heard from yet' : 'Not heard from for more than a minute',
      tablets,
    };
  });
}

export function tabletsSummary(status: CompetitionTablets, rows: readonly TabletJudgeRow[]): TabletsSummary {
  const reports = status.data.flatMap((judge) => judge.tablets.map((tablet) => tablet.report));
  return {
    judges: rows.length,
    online: rows.filter((row) => row.tablets.some((tablet) => tablet.connection === 'online')).length,
    flagged: rows.filter((row) => row.flag !== null).map((row) => row.name),
    recording: reports.filter((report) => report.recording !== null).length,
    entriesWaiting: reports.reduce((sum, report) => sum + report.entriesWaiting, 0),
    audioWaiting: reports.reduce(
      (sum, report) => ({ count: sum.count + report.audioWaiting.count, bytes: sum.bytes + report.audioWaiting.bytes }),
      { count: 0, bytes: 0 },
    ),
  };
}
