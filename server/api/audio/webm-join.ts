/**
 * A recording's WebM uploads as one seekable file (docs/decisions/126-commentary-format.md). Chromium's MediaRecorder
 * writes a live stream: a Segment and Clusters of unknown size, no Duration and no Cues, so a player can neither
 * say how long it is nor seek in it. Each segment (a reload during recording starts a new MediaRecorder, hence a
 * new file) is scanned with ts-ebml's streaming decoder, a piece at a time; then the file is written: a new header
 * (webm-header.ts: Duration, a Cue per Cluster), the first segment's Clusters as they are, and each later
 * segment's Clusters with their Timestamps moved past the segments before it.
 */
import { Decoder, tools } from 'ts-ebml';
import { seekableHeader } from './webm-header.js';
import { NotJoinable, type JoinedFile, type SegmentBytes, type Sink } from './joined-file.js';

/** A Cluster of a segment: where it starts, where its Timestamp element lies, and its time (ticks). */
interface Cluster {
  start: number;
  stampStart: number;
  stampEnd: number;
  time: number;
}

interface ScannedSegment {
  segment: SegmentBytes;
  /** the first segment's bytes before its first Cluster (EBML header, Info, Tracks): at most HEAD_LIMIT */
  head: Uint8Array;
  ebml: { start: number; end: number };
  info: { start: number; end: number; durationAt?: { start: number; end: number } };
  tracks: { start: number; end: number };
  /** where the first Cluster starts */
  bodyStart: number;
  /** the end of the last whole element: a piece cut short at the very end is left out */
  bodyEnd: number;
  timestampScale: number;
  /** ticks from the first block to the end of the last one, a frame after its start */
  end: number;
  /** the codec's delay (Opus pre-skip), ticks: the first segment's is taken off the duration */
  codecDelay: number;
  trackNumber: number;
  clusters: Cluster[];
  /** what decides whether two segments' blocks decode alike (codec, its private data, channels, rate) */
  trackShape: string;
}

const NANOSECONDS_PER_MS = 1_000_000;
const TIMESTAMP_ID = 0xe7;
/** a header larger than this is no MediaRecorder's (its is a few hundred bytes) */
const HEAD_LIMIT = 64 * 1024;
const TRACK_SHAPE = new Set(['CodecID', 'CodecPrivate', 'Channels', 'SamplingFrequency', 'TrackNumber']);

export async function joinWebm(segments: readonly SegmentBytes[], sink: Sink): Promise<JoinedFile> {
  const scanned: ScannedSegment[] = [];
  for (const segment of segments) {
    const scan = await scanSegment(segment);
    // a segment without a block (a recorder stopped as it started) adds nothing
    if (scan.clusters.length > 0 && scan.end > 0) scanned.push(scan);
  }
  if (scanned.length === 0) throw new NotJoinable('no_audio', 'The recording holds no sound: no audio block in it');
  const first = scanned[0];
  for (const [index, scan] of scanned.entries()) {
    if (scan.trackShape !== first.trackShape || scan.timestampScale !== first.timestampScale)
      throw new NotJoinable(
        'segments_not_joinable',
        `Segment ${index + 1} was recorded in another format (codec, channels or rate) than the first: they cannot play as one file`,
      );
  }

  // Each later segment starts where the one before ended; its Clusters land after the bodies before it, grown by
  // the Timestamps rewritten so far.
  const plans: { scan: ScannedSegment; rewrites: Rewrite[] }[] = [];
  const cues: { time: number; position: number }[] = [];
  let time = 0;
  let position = 0;
  for (const scan of scanned) {
    const rewrites =
      time === 0
        ? []
        : scan.clusters.map((cluster) => ({
            start: cluster.stampStart,
            end: cluster.stampEnd,
            bytes: timestampElement(cluster.time + time),
          }));
    let grown = 0;
    for (const [index, cluster] of scan.clusters.entries()) {
      cues.push({ time: cluster.time + time, position: position + cluster.start - scan.bodyStart + grown });
      const rewrite = rewrites[index];
      if (rewrite) grown += rewrite.bytes.length - (rewrite.end - rewrite.start);
    }
    position += scan.bodyEnd - scan.bodyStart + grown;
    plans.push({ scan, rewrites });
    time += scan.end;
  }
  const duration = Math.max(0, time - first.codecDelay);
  const head = first.head;
  const infoChildren = first.info.durationAt
    ? Buffer.concat([
        head.subarray(first.info.start, first.info.durationAt.start),
        head.subarray(first.info.durationAt.end, first.info.end),
      ])
    : head.subarray(first.info.start, first.info.end);
  await sink(
    seekableHeader({
      ebml: head.subarray(first.ebml.start, first.ebml.end),
      infoChildren,
      tracks: head.subarray(first.tracks.start, first.tracks.end),
      duration,
      trackNumber: first.trackNumber,
      cues,
      bodySize: position,
    }),
  );
  for (const { scan, rewrites } of plans) await copyBody(scan, rewrites, sink);
  return { durationMs: Math.round((duration * first.timestampScale) / NANOSECONDS_PER_MS) };
}

async function scanSegment(segment: SegmentBytes): Promise<ScannedSegment> {
  const decoder = new Decoder();
  const headParts: Buffer[] = [];
  let read = 0;
  const scan: Omit<ScannedSegment, 'head' | 'trackShape'> = {
    segment,
    ebml: { start: 0, end: 0 },
    info: { start: 0, end: 0 },
    tracks: { start: 0, end: 0 },
    bodyStart: 0,
    bodyEnd: 0,
    timestampScale: NANOSECONDS_PER_MS,
    end: 0,
    codecDelay: 0,
    trackNumber: 1,
    clusters: [],
  };
  const track = new Map<string, unknown>();
  let codecDelayNs = 0;
  let firstBlock: number | undefined;
  const lastBlocks = [0, 0];
  for await (const bytes of segment.read()) {
    if (scan.clusters.length === 0 && read < HEAD_LIMIT)
      headParts.push(Buffer.from(bytes.subarray(0, HEAD_LIMIT - read)));
    read += bytes.length;
    for (const element of decoder.decode(ownBuffer(bytes))) {
      const cluster = scan.clusters[scan.clusters.length - 1];
      if (element.type !== 'm' && element.dataEnd > scan.bodyEnd) scan.bodyEnd = element.dataEnd;
      if (element.type === 'm') {
        if (element.name === 'EBML' && !element.isEnd) scan.ebml = { start: element.tagStart, end: element.dataEnd };
        else if (element.name === 'Info' && !element.isEnd)
          scan.info = { start: element.dataStart, end: element.dataEnd };
        else if (element.name === 'Tracks' && !element.isEnd)
          scan.tracks = { start: element.tagStart, end: element.dataEnd };
        else if (element.name === 'Cluster' && !element.isEnd) {
          if (scan.clusters.length === 0) scan.bodyStart = element.tagStart;
          scan.clusters.push({ start: element.tagStart, stampStart: -1, stampEnd: -1, time: 0 });
        }
        continue;
      }
      const value = 'value' in element && typeof element.value === 'number' ? element.value : 0;
      if (element.name === 'Timestamp' && cluster && cluster.stampStart < 0)
        Object.assign(cluster, { stampStart: element.tagStart, stampEnd: element.dataEnd, time: value });
      else if ((element.name === 'SimpleBlock' || element.name === 'Block') && cluster) {
        const time = cluster.time + tools.ebmlBlock(element.data).timecode;
        firstBlock ??= time;
        if (time >= lastBlocks[1]) lastBlocks.splice(0, 2, lastBlocks[1], time);
      } else if (element.name === 'Duration' && !cluster)
        scan.info.durationAt = { start: element.tagStart, end: element.dataEnd };
      else if (element.name === 'TimestampScale' && !cluster) scan.timestampScale = value;
      else if (element.name === 'CodecDelay' && !cluster) codecDelayNs = value;
      else if (element.name === 'TrackNumber' && !cluster) scan.trackNumber = value;
      if (!cluster && TRACK_SHAPE.has(element.name) && 'value' in element)
        track.set(element.name, Buffer.isBuffer(element.value) ? element.value.toString('hex') : element.value);
    }
  }
  if (scan.clusters.some((cluster) => cluster.stampStart < 0))
    throw new NotJoinable(
      'segments_not_joinable',
      'A Cluster of the recording has no Timestamp: it is not a WebM file',
    );
  if (scan.bodyStart > HEAD_LIMIT)
    throw new NotJoinable('segments_not_joinable', `The recording's header is larger than ${HEAD_LIMIT} bytes`);
  // one frame after the last block's start: the step between the last two blocks (60 ms for Chromium's Opus)
  const frame = Math.max(1, lastBlocks[1] - lastBlocks[0]);
  return {
    ...scan,
    end: firstBlock === undefined ? 0 : lastBlocks[1] + frame,
    codecDelay: codecDelayNs / scan.timestampScale,
    head: Buffer.concat(headParts),
    trackShape: JSON.stringify([...track.entries()].sort()),
  };
}

interface Rewrite {
  start: number;
  end: number;
  bytes: Uint8Array;
}

/** The segment's Clusters, bytes bodyStart..bodyEnd, with each Timestamp element in `rewrites` replaced. */
async function copyBody(scan: ScannedSegment, rewrites: readonly Rewrite[], sink: Sink): Promise<void> {
  let at = 0;
  let next = 0;
  for await (const bytes of scan.segment.read()) {
    const from = at;
    at += bytes.length;
    let cursor = Math.max(from, scan.bodyStart);
    while (cursor < Math.min(at, scan.bodyEnd)) {
      const rewrite = rewrites[next];
      if (rewrite && cursor >= rewrite.start) {
        // the element may straddle two pieces: its replacement goes once, where it starts
        if (cursor === rewrite.start) await sink(rewrite.bytes);
        cursor = Math.min(rewrite.end, at);
        if (cursor === rewrite.end) next++;
        continue;
      }
      const stop = Math.min(at, scan.bodyEnd, rewrite ? rewrite.start : Infinity);
      await sink(bytes.subarray(cursor - from, stop - from));
      cursor = stop;
    }
  }
}

/** The piece as an ArrayBuffer of its own (ts-ebml's decoder takes no view into a larger one). */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes.buffer
    : new Uint8Array(bytes).buffer;
}

/** A Cluster Timestamp element holding `value`, in as few bytes as it needs. */
function timestampElement(value: number): Uint8Array {
  const data: number[] = [];
  for (let rest = value; data.length === 0 || rest > 0; rest = Math.floor(rest / 256)) data.unshift(rest % 256);
  return Uint8Array.from([TIMESTAMP_ID, 0x80 | data.length, ...data]);
}
