/**
 * Why a commentary write was refused when no rule of its body was broken (those are RuleViolations, 422): the
 * state it found. The routes answer each code with its status (http/commentary-problems.ts) and the details as
 * the problem's members.
 */
export type CommentaryRefusalCode =
  /** the append's Upload-Offset is not the upload's: nothing was written; `offset` is where to go on from */
  | 'offset_mismatch'
  /** the recording would be larger than the limit (COMMENTARY_MAX_BYTES) */
  | 'recording_too_large'
  /** the upload would be larger than the size declared when it was created */
  | 'larger_than_declared'
  /** the recording is finished: its uploads take no more bytes */
  | 'recording_finished'
  /** the event does not record commentary (its commentaryEnabled is false) */
  | 'commentary_disabled'
  /** the recording key names a recording of another performance or caption */
  | 'recording_key_used'
  /** a finish's uploads are not all there: `uploads` says what the server has */
  | 'upload_incomplete'
  /** the recording is not finished (verify, move, clear need a finished one) */
  | 'not_finished'
  /** the recording is cleared: it is heard again only once moved back where it belongs */
  | 'cleared'
  /** the caller is not seated on the caption, or the recording is another user's */
  | 'not_seated'
  /** the recording's first bytes are neither WebM nor MP4, or not the type declared */
  | 'unsupported_audio'
  /** the uploads cannot make one playable file (no sound in them, or segments of different formats) */
  | 'no_audio'
  | 'segments_not_joinable'
  /** a release "now" of sections whose commentary is not all in (`missing`), without force and a reason */
  | 'commentary_release_refused';

export class CommentaryRefused extends Error {
  constructor(
    readonly code: CommentaryRefusalCode,
    message: string,
    /** members of the answer's problem (the current offset, the uploads as they are) */
    readonly details: Record<string, unknown> = {},
    /** the request field or header the refusal is about */
    readonly field?: { name: string; in: string },
  ) {
    super(message);
    this.name = 'CommentaryRefused';
  }
}
