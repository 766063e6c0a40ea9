/**
 * The header a joined WebM file starts with: the first segment's EBML header, a Segment of known size, a SeekHead,
 * its Info with a Duration, its Tracks, and Cues naming every Cluster. Every number is written at a fixed width,
 * so each element's size is known before any position is (positions depend on the sizes, and no second pass is
 * needed to settle them). Matroska's element ids: https://www.matroska.org/technical/elements.html
 */

const ID = {
  segment: [0x18, 0x53, 0x80, 0x67],
  seekHead: [0x11, 0x4d, 0x9b, 0x74],
  seek: [0x4d, 0xbb],
  seekId: [0x53, 0xab],
  seekPosition: [0x53, 0xac],
  info: [0x15, 0x49, 0xa9, 0x66],
  tracks: [0x16, 0x54, 0xae, 0x6b],
  duration: [0x44, 0x89],
  cues: [0x1c, 0x53, 0xbb, 0x6b],
  cuePoint: [0xbb],
  cueTime: [0xb3],
  cueTrackPositions: [0xb7],
  cueTrack: [0xf7],
  cueClusterPosition: [0xf1],
} as const;

export interface HeaderParts {
  /** the EBML header element, as the first segment has it */
  ebml: Uint8Array;
  /** the children of the first segment's Info, without any Duration */
  infoChildren: Uint8Array;
  /** the first segment's Tracks element */
  tracks: Uint8Array;
  /** the whole recording's duration, in TimestampScale ticks */
  duration: number;
  trackNumber: number;
  /** one per Cluster: its time (ticks) and where it starts, counted from the first Cluster of the joined file */
  cues: readonly { time: number; position: number }[];
  /** the Clusters' bytes, all segments together */
  bodySize: number;
}

/** A whole number as a fixed-width big-endian field. */
function uint(value: number, width: number): number[] {
  const bytes: number[] = [];
  for (let rest = value, index = 0; index < width; index++, rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return bytes;
}

/** An element size as an 8-byte EBML variable-length integer. */
function size8(value: number): number[] {
  return [0x01, ...uint(value, 7)];
}

function element(id: readonly number[], content: readonly number[] | Uint8Array): number[] {
  return [...id, ...size8(content.length), ...content];
}

const float64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return [...bytes];
};

/** The header's bytes; the Clusters follow it unchanged in place and size (HeaderParts.cues counts from there). */
export function seekableHeader(parts: HeaderParts): Uint8Array {
  const info = element(ID.info, [...parts.infoChildren, ...ID.duration, 0x88, ...float64(parts.duration)]);
  const tracks = [...parts.tracks];
  const cuePoint = (time: number, position: number) =>
    element(ID.cuePoint, [
      ...ID.cueTime,
      0x88,
      ...uint(time, 8),
      ...element(ID.cueTrackPositions, [
        ...ID.cueTrack,
        0x81,
        parts.trackNumber,
        ...ID.cueClusterPosition,
        0x88,
        ...uint(position, 8),
      ]),
    ]);
  const seek = (id: readonly number[], position: number) =>
    element(ID.seek, [...ID.seekId, 0x80 | id.length, ...id, ...ID.seekPosition, 0x88, ...uint(position, 8)]);
  // the SeekHead's size does not depend on the positions it holds (all 8 bytes wide)
  const seekHeadSize = element(ID.seekHead, [...seek(ID.info, 0), ...seek(ID.tracks, 0), ...seek(ID.cues, 0)]).length;
  const infoAt = seekHeadSize;
  const tracksAt = infoAt + info.length;
  const cuesAt = tracksAt + tracks.length;
  const cuesSize = element(
    ID.cues,
    parts.cues.flatMap(() => cuePoint(0, 0)),
  ).length;
  const bodyAt = cuesAt + cuesSize;
  const seekHead = element(ID.seekHead, [
    ...seek(ID.info, infoAt),
    ...seek(ID.tracks, tracksAt),
    ...seek(ID.cues, cuesAt),
  ]);
  const cues = element(
    ID.cues,
    parts.cues.flatMap((cue) => cuePoint(cue.time, bodyAt + cue.position)),
  );
  const segmentContent = bodyAt + parts.bodySize;
  return Uint8Array.from([
    ...parts.ebml,
    ...ID.segment,
    ...size8(segmentContent),
    ...seekHead,
    ...info,
    ...tracks,
    ...cues,
  ]);
}
