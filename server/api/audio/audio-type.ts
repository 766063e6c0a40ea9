/**
 * What a recording is, told by its first bytes (never by a file name or a declared type): WebM/Matroska starts with
 * an EBML header naming its document type, MP4 (and M4A) with an `ftyp` box. These are the two containers browsers
 * record (MediaRecorder: WebM on Chromium and Firefox, MP4 on Safari and newer Chromium).
 */

export const AUDIO_TYPES = ['audio/webm', 'audio/mp4'] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];

/** The fewest bytes a first piece must hold for its type to be told (an `ftyp` box's size, name and brand). */
export const SNIFF_BYTES = 12;

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const DOC_TYPE_ID = [0x42, 0x82];

/** A declared media type's container ("audio/webm;codecs=opus" is audio/webm), or undefined for any other. */
export function declaredAudioType(contentType: string): AudioType | undefined {
  const base = contentType.split(';')[0].trim().toLowerCase();
  if (base === 'audio/webm' || base === 'video/webm') return 'audio/webm';
  if (base === 'audio/mp4' || base === 'video/mp4' || base === 'audio/x-m4a' || base === 'audio/m4a')
    return 'audio/mp4';
  return undefined;
}

export type Sniffed = { type: AudioType } | { type: undefined; reason: string };

/** The container the bytes open with. `bytes` is the start of a file, at least SNIFF_BYTES long. */
export function sniffAudioType(bytes: Uint8Array): Sniffed {
  if (bytes.length < SNIFF_BYTES) return { type: undefined, reason: `fewer than ${SNIFF_BYTES} bytes` };
  if (EBML_MAGIC.every((byte, index) => bytes[index] === byte)) {
    const docType = ebmlDocType(bytes);
    if (docType === 'webm' || docType === 'matroska') return { type: 'audio/webm' };
    return { type: undefined, reason: docType ? `an EBML document of type "${docType}"` : 'an EBML header cut short' };
  }
  if (String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') return { type: 'audio/mp4' };
  return { type: undefined, reason: 'neither a WebM nor an MP4 file' };
}

/** The DocType of the EBML header at the start of `bytes`, if the header is whole there. */
function ebmlDocType(bytes: Uint8Array): string | undefined {
  const size = readVint(bytes, EBML_MAGIC.length);
  if (!size) return undefined;
  const end = Math.min(bytes.length, EBML_MAGIC.length + size.length + size.value);
  for (let at = EBML_MAGIC.length + size.length; at + 3 <= end;) {
    const idLength = vintLength(bytes[at]);
    if (idLength === 0) return undefined;
    const isDocType = idLength === 2 && bytes[at] === DOC_TYPE_ID[0] && bytes[at + 1] === DOC_TYPE_ID[1];
    const length = readVint(bytes, at + idLength);
    if (!length) return undefined;
    const dataStart = at + idLength + length.length;
    if (isDocType) {
      if (dataStart + length.value > bytes.length) return undefined;
      return String.fromCharCode(...bytes.subarray(dataStart, dataStart + length.value)).replace(/\0+$/, '');
    }
    at = dataStart + length.value;
  }
  return undefined;
}

/** How many bytes an EBML variable-length integer starting with `first` takes (0: not a valid start). */
function vintLength(first: number): number {
  for (let length = 1; length <= 8; length++) if (first & (0x80 >> (length - 1))) return length;
  return 0;
}

function readVint(bytes: Uint8Array, at: number): { value: number; length: number } | undefined {
  if (at >= bytes.length) return undefined;
  const length = vintLength(bytes[at]);
  if (length === 0 || at + length > bytes.length) return undefined;
  let value = bytes[at] & (0xff >> length);
  for (let index = 1; index < length; index++) value = value * 256 + bytes[at + index];
  return { value, length };
}
