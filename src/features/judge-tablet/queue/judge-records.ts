/**
 * What a judge's device keeps (judge-store.ts): the entries waiting to send, each sheet as typed and as the API last
 * answered it, and the entries the API refused, kept until the judge decides.
 */
import type { CaptionEntry, MySeat } from '../../../lib/api-models';
import type { TypedMark } from '../device/commentary-bridge';
import type { LineScore, TypedLine } from '../utils/sheet';

export type EntryState = 'draft' | 'submitted';

export interface SheetRef {
  performanceId: number;
  captionKey: string;
}

export const sheetKeyOf = ({ performanceId, captionKey }: SheetRef) => `${performanceId}/${captionKey}`;

export interface QueuedEntry extends SheetRef {
  /** IndexedDB's auto-increment key: the order the judge typed in */
  seq: number;
  sheetKey: string;
  scores: LineScore[];
  state: EntryState;
  idempotencyKey: string;
  typedAt: number;
  /** the numbers typed while the sheet's commentary recording ran, at their offsets into it */
  marks?: TypedMark[];
  /** the JSON body of the first try, sent again as is on every retry; absent until then */
  body?: string;
}

export interface SheetRecord extends SheetRef {
  key: string;
  /** the entry as the API last gave it (a seats read or a write's answer) */
  server: CaptionEntry | null;
  /** what the next write is based on: not moved by a seats read while entries wait, so a change meanwhile is a conflict */
  baseVersion: number;
  typed: { lines: TypedLine[]; at: number } | null;
}

export interface HeldEntry extends SheetRef {
  sheetKey: string;
  kind: 'conflict' | 'refused';
  /** the judge's latest numbers for this sheet */
  mine: { scores: LineScore[]; state: EntryState };
  /** the entry as it is now on the API (conflicts) */
  current: CaptionEntry | null;
  status: number;
  code: string;
  detail: string;
  at: number;
}

export interface SavedSeats {
  seats: MySeat[];
  savedAt: number;
}
