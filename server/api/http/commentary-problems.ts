/** A refused commentary write as the client sees it: each refusal's status, the details as the problem's members. */
import { CommentaryRefused, type CommentaryRefusalCode } from '../db/repositories/commentary-errors.js';
import { ApiProblem } from './problem.js';

const STATUS: Record<CommentaryRefusalCode, number> = {
  offset_mismatch: 409,
  recording_too_large: 413,
  larger_than_declared: 413,
  recording_finished: 409,
  commentary_disabled: 409,
  recording_key_used: 409,
  upload_incomplete: 409,
  not_finished: 409,
  cleared: 409,
  not_seated: 403,
  unsupported_audio: 415,
  no_audio: 422,
  segments_not_joinable: 422,
  commentary_release_refused: 409,
};

export function refusalProblem(error: CommentaryRefused): ApiProblem {
  const status = STATUS[error.code];
  const headers: Record<string, string> = {};
  // where an upload is, for a client that reads headers only (as tus clients do)
  if (typeof error.details.offset === 'number') headers['upload-offset'] = String(error.details.offset);
  // a refused upload's body is not read to its end: the connection closes instead (app.ts)
  if (status === 413 || status === 415) headers.connection = 'close';
  // a judge not seated is refused as a caller without the permission would be (decision 061's 403)
  const code = error.code === 'not_seated' ? 'permission_required' : error.code;
  const extensions = error.code === 'not_seated' ? { permission: 'upload-commentary' } : error.details;
  return new ApiProblem(
    status,
    code,
    error.message,
    error.field ? [{ ...error.field, message: error.message }] : [],
    headers,
    extensions,
  );
}

export { CommentaryRefused };
