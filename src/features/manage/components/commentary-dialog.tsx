import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LocalDateTime } from '../../../components/local-date-time';
import { Modal, secondaryButton } from '../../../components/signed-in/modal';
import { Notice } from '../../../components/notice';
import { PageSkeleton } from '../../../components/skeleton';
import { clockOf, sizeOf } from '../../../lib/format';
import { problemText } from '../../../lib/signed-in/problems';
import {
  audioUrl,
  performanceCommentaryQueryOptions,
  recordingQueryOptions,
  type CommentaryRecording,
} from '../api/get-commentary';
import { historyOf, type CommentaryCell, type CommentaryRow } from '../utils/commentary-model';
import { ClearForm, MoveForm, VerifyButton, type Place } from './commentary-actions';
import { CommentaryPlayer } from '../../../components/signed-in/commentary-player';
import { UploadForm } from './commentary-upload';

export interface SlotTarget {
  sectionName: string;
  row: CommentaryRow;
  cell: CommentaryCell;
}

type Open = { kind: 'move' | 'clear' | 'restore'; recordingId: number } | { kind: 'upload' } | null;

/**
 * One performance and caption's commentary: the recording heard (play, download, its marks), what may be done to it
 * (verify, move, clear: those who manage commentary), and its upload history, each recording with what was done to
 * it, by whom, when and why; an older one can be heard, and made the one heard again.
 */
export function CommentaryDialog({
  competitionId,
  target,
  places,
  canManage,
  onClose,
}: {
  competitionId: number;
  target: SlotTarget;
  places: readonly Place[];
  canManage: boolean;
  onClose: () => void;
}) {
  const { row, cell } = target;
  const [open, setOpen] = useState<Open>(null);
  const [listening, setListening] = useState<number | null>(null);
  const history = useQuery(performanceCommentaryQueryOptions(competitionId, row.performanceId));
  const placeName = (performanceId: number, captionKey: string) => {
    const place = places.find((candidate) => candidate.performanceId === performanceId);
    const caption = place?.captions.find((candidate) => candidate.key === captionKey)?.name ?? captionKey;
    return `${place?.label ?? `performance ${performanceId}`}, ${caption}`;
  };
  const lines = history.data ? historyOf(history.data.body.data, row.performanceId, cell.captionKey, placeName) : [];
  const current = cell.current;
  const title = `${row.group}: ${cell.captionName}`;
  const done = () => setOpen(null);

  return (
    <Modal title={title} open onClose={onClose}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {target.sectionName} · {row.order}. {row.group} · judged by {cell.judges}
      </p>
      <p className="mt-1 text-sm font-semibold">{cell.text}</p>
      {current ? (
        <div className="mt-3 space-y-2">
          <HeardRecording competitionId={competitionId} recording={current} title={title} />
          {canManage ? (
            <div className="flex flex-wrap gap-2">
              <VerifyButton
                competitionId={competitionId}
                recordingId={current.id}
                verified={current.verified !== null}
                what="this recording"
              />
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setOpen({ kind: 'move', recordingId: current.id })}
              >
                Move to another group or caption…
              </button>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setOpen({ kind: 'clear', recordingId: current.id })}
              >
                Clear…
              </button>
            </div>
          ) : null}
          {open?.kind === 'move' && open.recordingId === current.id ? (
            <MoveForm
              competitionId={competitionId}
              recordingId={current.id}
              places={places}
              from={{ performanceId: row.performanceId, captionKey: cell.captionKey }}
              submitLabel="Move the recording"
              onDone={onClose}
              onCancel={done}
            />
          ) : null}
          {open?.kind === 'clear' && open.recordingId === current.id ? (
            <ClearForm competitionId={competitionId} recordingId={current.id} onDone={done} onCancel={done} />
          ) : null}
        </div>
      ) : cell.recordingNow ? (
        <p className="mt-2 text-sm">
          The tablet is still recording or sending it: it plays here once it has all arrived.
        </p>
      ) : null}
      {canManage ? (
        open?.kind === 'upload' ? (
          <UploadForm
            competitionId={competitionId}
            performanceId={row.performanceId}
            captionKey={cell.captionKey}
            replacesVerified={current?.verified != null}
            onDone={done}
            onCancel={done}
          />
        ) : (
          <p className="mt-3">
            <button type="button" className={secondaryButton} onClick={() => setOpen({ kind: 'upload' })}>
              Upload a file recorded elsewhere…
            </button>
          </p>
        )
      ) : null}

      <section aria-labelledby={`history-${cell.slot.performance.id}-${cell.captionKey}`} className="mt-4">
        <h3 id={`history-${cell.slot.performance.id}-${cell.captionKey}`} className="font-semibold">
          Upload history
        </h3>
        {history.isPending ? (
          <PageSkeleton rows={2} />
        ) : history.isError ? (
          <Notice tone="error" role="alert">
            The history could not load: {problemText(history.error)}
          </Notice>
        ) : lines.length === 0 ? (
          <p className="text-sm">Nothing uploaded here yet.</p>
        ) : (
          <ol className="mt-1 space-y-3">
            {lines.map((line) => {
              const recording = line.recording;
              const filedHere =
                recording.performanceId === row.performanceId && recording.captionKey === cell.captionKey;
              return (
                <li key={recording.id} className="rounded-md border border-slate-300 p-2 text-sm dark:border-slate-700">
                  <p>
                    <span className="font-semibold">{line.standing}</span> · by {recording.by.name}
                    {recording.durationMs ? ` · ${clockOf(recording.durationMs)}` : ''}
                    {recording.size ? ` · ${sizeOf(recording.size)}` : ''}
                  </p>
                  <ul className="mt-1 space-y-0.5 text-slate-700 dark:text-slate-300">
                    {line.events.map((event, index) => (
                      <li key={index}>
                        {event.action} by {event.by}, <LocalDateTime iso={event.at} />
                        {event.reason ? `: “${event.reason}”` : ''}
                      </li>
                    ))}
                  </ul>
                  {recording.state === 'uploaded' && recording.id !== current?.id ? (
                    <div className="mt-1 flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={secondaryButton}
                        aria-expanded={listening === recording.id}
                        onClick={() => setListening(listening === recording.id ? null : recording.id)}
                      >
                        {listening === recording.id ? 'Hide' : 'Listen'}
                        <span className="sr-only"> to the recording by {recording.by.name}</span>
                      </button>
                      {canManage && filedHere ? (
                        <button
                          type="button"
                          className={secondaryButton}
                          onClick={() => setOpen({ kind: 'restore', recordingId: recording.id })}
                        >
                          Make this the one heard…
                        </button>
                      ) : null}
                    </div>
                  ) : null}
                  {listening === recording.id ? (
                    <HeardRecording
                      competitionId={competitionId}
                      recording={recording}
                      title={`${title}, by ${recording.by.name}`}
                    />
                  ) : null}
                  {open?.kind === 'restore' && open.recordingId === recording.id ? (
                    <MoveForm
                      competitionId={competitionId}
                      recordingId={recording.id}
                      places={places}
                      from={{ performanceId: row.performanceId, captionKey: cell.captionKey }}
                      submitLabel="Make it the one heard"
                      onDone={done}
                      onCancel={done}
                    />
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </Modal>
  );
}

/** A finished recording: its audio (play, seek), a download, and the marks the judge left on it. */
function HeardRecording({
  competitionId,
  recording,
  title,
}: {
  competitionId: number;
  recording: CommentaryRecording;
  title: string;
}) {
  const detail = useQuery(recordingQueryOptions(competitionId, recording.id));
  const marks = detail.data?.body.marks ?? [];
  return (
    <div className="space-y-1">
      <CommentaryPlayer
        src={audioUrl(recording.id)}
        title={title}
        durationMs={recording.durationMs}
        marks={marks.map((mark) => ({
          offsetMs: mark.offsetMs,
          label:
            mark.subcaptionName !== null
              ? `${mark.subcaptionName}${mark.score !== null ? ` ${mark.score}` : ''}`
              : 'Mark',
        }))}
      />
      <p className="text-sm">
        <a href={audioUrl(recording.id, true)} className="text-blue-900 underline dark:text-sky-300" download>
          Download
          <span className="sr-only"> {title}</span>
        </a>
        {recording.verified ? (
          <>
            {' '}
            · <span aria-hidden="true">✓ </span>Verified by {recording.verified.by.name},{' '}
            <LocalDateTime iso={recording.verified.at} />
          </>
        ) : (
          ' · Not verified yet'
        )}
      </p>
      {detail.isError ? (
        <p className="text-sm text-red-800 dark:text-red-300">The marks could not load: {problemText(detail.error)}</p>
      ) : null}
    </div>
  );
}
