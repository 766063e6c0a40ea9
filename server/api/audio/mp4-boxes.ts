/**
 * ISO base media (MP4) boxes as a stream: the top-level boxes of a file read a piece at a time, the small ones
 * (ftyp, moov, moof: headers and sample tables) whole, the media data (mdat) as the pieces that carry it, so a
 * recording is never held whole. And the few fields of the boxes that joining fragments reads and changes
 * (ISO/IEC 14496-12: mvhd, mdhd, tkhd, trex, mfhd, tfhd, tfdt, trun).
 */
import type { SegmentBytes } from './joined-file.js';

/** A top-level box: whole (`bytes`) unless it is media data, whose pieces follow as `data` items. */
export type TopLevel =
  | { kind: 'box'; type: string; start: number; bytes: Buffer }
  | { kind: 'open'; type: string; start: number; size: number; header: Buffer }
  | { kind: 'data'; bytes: Uint8Array };

/** boxes larger than this are media data, never a header or a sample table */
const WHOLE_LIMIT = 4 * 1024 * 1024;
const STREAMED = new Set(['mdat', 'free', 'skip']);

export class NotMp4 extends Error {}

/** The file's top-level boxes in order; a box cut short at the very end is left out. */
export async function* topLevelBoxes(segment: SegmentBytes): AsyncGenerator<TopLevel> {
  let pending: Buffer = Buffer.alloc(0);
  let at = 0;
  /** bytes still to pass of a streamed box */
  let open = 0;
  for await (const piece of segment.read()) {
    let bytes: Buffer = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    if (open > 0) {
      const take = Math.min(open, bytes.length);
      yield { kind: 'data', bytes: bytes.subarray(0, take) };
      open -= take;
      at += take;
      bytes = bytes.subarray(take);
    }
    pending = pending.length > 0 ? Buffer.concat([pending, bytes]) : bytes;
    for (;;) {
      if (open > 0 || pending.length < 8) break;
      const header = boxHeader(pending);
      if (!header) break;
      const { size, headerSize, type } = header;
      if (STREAMED.has(type) || size > WHOLE_LIMIT) {
        if (pending.length < headerSize) break;
        yield { kind: 'open', type, start: at, size, header: Buffer.from(pending.subarray(0, headerSize)) };
        const take = Math.min(size - headerSize, pending.length - headerSize);
        if (take > 0) yield { kind: 'data', bytes: pending.subarray(headerSize, headerSize + take) };
        open = size - headerSize - take;
        at += headerSize + take;
        pending = pending.subarray(headerSize + take);
        continue;
      }
      if (pending.length < size) break;
      yield { kind: 'box', type, start: at, bytes: Buffer.from(pending.subarray(0, size)) };
      at += size;
      pending = pending.subarray(size);
    }
  }
}

function boxHeader(bytes: Buffer): { size: number; headerSize: number; type: string } | undefined {
  let size = bytes.readUInt32BE(0);
  const type = bytes.toString('latin1', 4, 8);
  let headerSize = 8;
  if (size === 1) {
    if (bytes.length < 16) return undefined;
    size = Number(bytes.readBigUInt64BE(8));
    headerSize = 16;
  }
  if (size === 0 || size < headerSize || !/^[\x20-\x7e]{4}$/.test(type))
    throw new NotMp4(`a box at the top level has an unreadable header ("${type}", ${size} bytes)`);
  return { size, headerSize, type };
}

/** A box inside another: where its content starts and ends in the parent's bytes. */
export interface Child {
  type: string;
  start: number;
  contentStart: number;
  end: number;
}

/** The boxes directly inside `bytes[from, to)`. */
export function children(bytes: Buffer, from: number, to: number): Child[] {
  const found: Child[] = [];
  for (let at = from; at + 8 <= to;) {
    const header = boxHeader(bytes.subarray(at, to));
    if (!header || at + header.size > to) break;
    found.push({ type: header.type, start: at, contentStart: at + header.headerSize, end: at + header.size });
    at += header.size;
  }
  return found;
}

/** The first box of `type` along a path of container boxes (e.g. ['trak', 'mdia', 'mdhd']), within a box's bytes. */
export function find(bytes: Buffer, path: readonly string[], from = 8, to = bytes.length): Child | undefined {
  const [type, ...rest] = path;
  const child = children(bytes, from, to).find((box) => box.type === type);
  if (!child || rest.length === 0) return child;
  return find(bytes, rest, child.contentStart, child.end);
}

export function findAll(bytes: Buffer, type: string, from = 8, to = bytes.length): Child[] {
  return children(bytes, from, to).filter((box) => box.type === type);
}

/** A full box's version and 24-bit flags. */
export function versionAndFlags(bytes: Buffer, box: Child): { version: number; flags: number } {
  const word = bytes.readUInt32BE(box.contentStart);
  return { version: word >>> 24, flags: word & 0xffffff };
}

/** A 32- or 64-bit field as a number. */
export function readWide(bytes: Buffer, at: number, wide: boolean): number {
  return wide ? Number(bytes.readBigUInt64BE(at)) : bytes.readUInt32BE(at);
}

export function writeWide(bytes: Buffer, at: number, wide: boolean, value: number): void {
  if (wide) bytes.writeBigUInt64BE(BigInt(value), at);
  else bytes.writeUInt32BE(value, at);
}
