/**
 * The judges' commentary's contract strings (docs/decisions/128-commentary-api.md): the API, the database and
 * clients use them as they are.
 */

/** A recording's containers, as its first bytes tell them (never its name or a declared type). */
export const COMMENTARY_TYPES = ['audio/webm', 'audio/mp4'] as const;
export type CommentaryType = (typeof COMMENTARY_TYPES)[number];

/**
 * A performance and caption's commentary as the people running a show see it:
 * - `none`: nothing recorded yet;
 * - `recording`: a recording is under way or still uploading, none finished;
 * - `uploaded`: a finished recording is the current one (what groups will hear);
 * - `verified`: a tabulator checked the current one; a later upload does not replace it without a reason.
 */
export const COMMENTARY_STATES = ['none', 'recording', 'uploaded', 'verified'] as const;
export type CommentaryState = (typeof COMMENTARY_STATES)[number];

/**
 * When a division and round's commentary may be heard beyond the people running the show:
 * - `with-scores` (the default): once its scores are released;
 * - `now`: released by hand, whatever the scores;
 * - `withheld`: not yet, even with the scores released.
 */
export const COMMENTARY_RELEASES = ['with-scores', 'now', 'withheld'] as const;
export type CommentaryRelease = (typeof COMMENTARY_RELEASES)[number];

/** What a tablet says of its microphone: unused (not recording), working, silent (no sound for 10 s), refused, none. */
export const MICROPHONE_STATES = ['off', 'on', 'silent', 'refused', 'unavailable'] as const;
export type MicrophoneState = (typeof MICROPHONE_STATES)[number];

/** A tablet that has not reported for longer than this is flagged on the status page. */
export const TABLET_SILENT_AFTER_MS = 60_000;
