/**
 * A recording's MP4 uploads as one file (docs/decisions/126-commentary-format.md). MediaRecorder's MP4 (Safari, and
 * Chromium since it records MP4) is fragmented: an ftyp and a moov describing the track, then moof+mdat pairs, each
 * moof saying when its samples start (tfdt) and how long each lasts (trun). Players read its duration and seek in
 * it as it is, so one segment is served unchanged. Several segments (a reload during recording) become one by
 * keeping the first one's ftyp and moov and appending every segment's fragments, each later one's start times moved
 * past the segments before it and its fragment numbers continued.
 */
import { find, findAll, NotMp4, readWide, topLevelBoxes, versionAndFlags, writeWide, type Child } from './mp4-boxes.js';
import { NotJoinable, type JoinedFile, type SegmentBytes, type Sink } from './joined-file.js';

interface Track {
  timescale: number;
  /** trex's default sample duration, for fragments that give none */
  defaultDuration: number;
}

interface ScannedMp4 {
  segment: SegmentBytes;
  fragmented: boolean;
  tracks: Map<number, Track>;
  /** each track's end: the last sample's start plus its duration, in the track's timescale */
  ends: Map<number, number>;
  /** the highest fragment sequence number */
  lastSequence: number;
  /** the sample descriptions (codec and its configuration) of every track: equal for segments that join */
  shape: string;
  /** for a file that is not fragmented, the longest track's duration as its mdhd says, seconds */
  plainSeconds: number;
}

/** boxes that index the file's layout: wrong once fragments are appended, and not needed to play or seek */
const LAYOUT_INDEXES = new Set(['sidx', 'mfra']);

export async function joinMp4(segments: readonly SegmentBytes[], sink: Sink): Promise<JoinedFile> {
  const scanned = [];
  for (const segment of segments) {
    const scan = await scanSegment(segment);
    if (scan.ends.size > 0 || (!scan.fragmented && scan.plainSeconds > 0)) scanned.push(scan);
  }
  if (scanned.length === 0) throw new NotJoinable('no_audio', 'The recording holds no sound: no audio sample in it');
  if (scanned.length === 1) {
    for await (const bytes of scanned[0].segment.read()) await sink(bytes);
    return { durationMs: Math.round(durationSeconds(scanned[0]) * 1000) };
  }
  const first = scanned[0];
  for (const [index, scan] of scanned.entries()) {
    if (!scan.fragmented)
      throw new NotJoinable(
        'segments_not_joinable',
        `Segment ${index + 1} is an MP4 file that is not fragmented: its samples cannot follow another segment's`,
      );
    if (scan.shape !== first.shape)
      throw new NotJoinable(
        'segments_not_joinable',
        `Segment ${index + 1} was recorded in another format (codec or its settings) than the first: they cannot play as one file`,
      );
  }
  const shifts = new Map<number, number>();
  let sequenceBase = 0;
  let written = 0;
  const write = async (bytes: Uint8Array) => {
    written += bytes.length;
    await sink(bytes);
  };
  for (const [index, scan] of scanned.entries()) {
    for await (const item of topLevelBoxes(scan.segment)) {
      if (item.kind === 'data' || item.kind === 'open') {
        await write(item.kind === 'data' ? item.bytes : item.header);
        continue;
      }
      if (LAYOUT_INDEXES.has(item.type) || (index > 0 && (item.type === 'ftyp' || item.type === 'moov'))) continue;
      if (item.type === 'moof' && index > 0) shiftFragment(item.bytes, shifts, sequenceBase, written - item.start);
      await write(item.bytes);
    }
    sequenceBase += scan.lastSequence;
    for (const [trackId, end] of scan.ends) shifts.set(trackId, (shifts.get(trackId) ?? 0) + end);
  }
  const seconds = Math.max(...[...shifts].map(([trackId, end]) => end / first.tracks.get(trackId)!.timescale));
  return { durationMs: Math.round(seconds * 1000) };
}

function durationSeconds(scan: ScannedMp4): number {
  if (!scan.fragmented) return scan.plainSeconds;
  return Math.max(0, ...[...scan.ends].map(([trackId, end]) => end / (scan.tracks.get(trackId)?.timescale ?? 1)));
}

async function scanSegment(segment: SegmentBytes): Promise<ScannedMp4> {
  const scan: ScannedMp4 = {
    segment,
    fragmented: false,
    tracks: new Map(),
    ends: new Map(),
    lastSequence: 0,
    shape: '',
    plainSeconds: 0,
  };
  try {
    for await (const item of topLevelBoxes(segment)) {
      if (item.kind !== 'box') continue;
      if (item.type === 'moov') readMovie(item.bytes, scan);
      if (item.type === 'moof') readFragment(item.bytes, scan);
    }
  } catch (error) {
    if (error instanceof NotMp4 || error instanceof RangeError)
      throw new NotJoinable('segments_not_joinable', `The recording is not a readable MP4 file: ${error.message}`);
    throw error;
  }
  return scan;
}

function readMovie(moov: Buffer, scan: ScannedMp4): void {
  const shapes: string[] = [];
  for (const trak of findAll(moov, 'trak')) {
    const tkhd = find(moov, ['tkhd'], trak.contentStart, trak.end);
    const mdhd = find(moov, ['mdia', 'mdhd'], trak.contentStart, trak.end);
    if (!tkhd || !mdhd) continue;
    const trackId = moov.readUInt32BE(tkhd.contentStart + 4 + (versionAndFlags(moov, tkhd).version === 1 ? 16 : 8));
    const wide = versionAndFlags(moov, mdhd).version === 1;
    const timescale = moov.readUInt32BE(mdhd.contentStart + 4 + (wide ? 16 : 8));
    const duration = readWide(moov, mdhd.contentStart + 4 + (wide ? 20 : 12), wide);
    scan.tracks.set(trackId, { timescale, defaultDuration: 0 });
    if (timescale > 0) scan.plainSeconds = Math.max(scan.plainSeconds, duration / timescale);
    const stsd = find(moov, ['mdia', 'minf', 'stbl', 'stsd'], trak.contentStart, trak.end);
    shapes.push(`${trackId}:${timescale}:${stsd ? moov.toString('hex', stsd.start, stsd.end) : ''}`);
  }
  const mvex = find(moov, ['mvex']);
  scan.fragmented = mvex !== undefined;
  for (const trex of mvex ? findAll(moov, 'trex', mvex.contentStart, mvex.end) : []) {
    const track = scan.tracks.get(moov.readUInt32BE(trex.contentStart + 4));
    if (track) track.defaultDuration = moov.readUInt32BE(trex.contentStart + 12);
  }
  scan.shape = shapes.join('|');
}

/** A fragment's track runs: where each track's samples end (tfdt plus the durations in trun). */
function readFragment(moof: Buffer, scan: ScannedMp4): void {
  const mfhd = find(moof, ['mfhd']);
  if (mfhd) scan.lastSequence = Math.max(scan.lastSequence, moof.readUInt32BE(mfhd.contentStart + 4));
  for (const traf of findAll(moof, 'traf')) {
    const run = trackRun(moof, traf);
    if (!run) continue;
    const track = scan.tracks.get(run.trackId);
    let end = run.baseTime;
    for (const duration of sampleDurations(moof, traf, run.defaultDuration ?? track?.defaultDuration ?? 0))
      end += duration;
    scan.ends.set(run.trackId, Math.max(scan.ends.get(run.trackId) ?? 0, end));
  }
}

function trackRun(moof: Buffer, traf: Child) {
  const tfhd = find(moof, ['tfhd'], traf.contentStart, traf.end);
  const tfdt = find(moof, ['tfdt'], traf.contentStart, traf.end);
  if (!tfhd || !tfdt) return undefined;
  const { flags } = versionAndFlags(moof, tfhd);
  let at = tfhd.contentStart + 8;
  const baseOffsetAt = flags & 0x1 ? at : undefined;
  if (flags & 0x1) at += 8;
  if (flags & 0x2) at += 4;
  const defaultDuration = flags & 0x8 ? moof.readUInt32BE(at) : undefined;
  const wideTime = versionAndFlags(moof, tfdt).version === 1;
  return {
    trackId: moof.readUInt32BE(tfhd.contentStart + 4),
    baseOffsetAt,
    defaultDuration,
    timeAt: tfdt.contentStart + 4,
    wideTime,
    baseTime: readWide(moof, tfdt.contentStart + 4, wideTime),
  };
}

function* sampleDurations(moof: Buffer, traf: Child, fallback: number): Generator<number> {
  for (const trun of findAll(moof, 'trun', traf.contentStart, traf.end)) {
    const { flags } = versionAndFlags(moof, trun);
    const count = moof.readUInt32BE(trun.contentStart + 4);
    let at = trun.contentStart + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
    const fields = [0x100, 0x200, 0x400, 0x800].filter((flag) => flags & flag).length;
    for (let sample = 0; sample < count; sample++, at += 4 * fields)
      yield flags & 0x100 ? moof.readUInt32BE(at) : fallback;
  }
}

/** A later segment's fragment, in place: its number continued, its start moved, an absolute data offset moved. */
function shiftFragment(moof: Buffer, shifts: Map<number, number>, sequenceBase: number, moved: number): void {
  const mfhd = find(moof, ['mfhd']);
  if (mfhd) moof.writeUInt32BE(moof.readUInt32BE(mfhd.contentStart + 4) + sequenceBase, mfhd.contentStart + 4);
  for (const traf of findAll(moof, 'traf')) {
    const run = trackRun(moof, traf);
    if (!run) continue;
    const time = run.baseTime + (shifts.get(run.trackId) ?? 0);
    if (!run.wideTime && time > 0xffffffff)
      throw new NotJoinable('segments_not_joinable', 'The recording is too long to join its segments');
    writeWide(moof, run.timeAt, run.wideTime, time);
    if (run.baseOffsetAt !== undefined)
      moof.writeBigUInt64BE(moof.readBigUInt64BE(run.baseOffsetAt) + BigInt(moved), run.baseOffsetAt);
  }
}
