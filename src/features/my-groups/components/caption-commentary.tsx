import { useQuery } from '@tanstack/react-query';
import { CommentaryPlayer } from '../../../components/signed-in/commentary-player';
import { problemText } from '../../../lib/signed-in/problems';
import { groupRecordingQueryOptions, recordingAudioUrl, type GroupRecording } from '../api/get-group-sheet';

/**
 * A caption's commentary on the group's sheet: the judge's recording with the shared player, the marks where the
 * judge typed a number (choosing one seeks there), and a download.
 */
export function CaptionCommentary({
  groupId,
  recording,
  title,
}: {
  groupId: number;
  recording: GroupRecording;
  /** "Equipment Analysis, Jane Smith" */
  title: string;
}) {
  const detail = useQuery(groupRecordingQueryOptions(groupId, recording.id));
  const marks = detail.data?.body.marks ?? [];
  return (
    <div className="mt-3 rounded-lg border border-slate-300 px-3 py-3 print:hidden dark:border-slate-700">
      <CommentaryPlayer
        src={recordingAudioUrl(recording.id)}
        title={`Commentary: ${title}`}
        durationMs={recording.durationMs}
        marks={marks.map((mark) => ({
          offsetMs: mark.offsetMs,
          label:
            mark.subcaptionName !== null
              ? `${mark.subcaptionName}${mark.score !== null ? ` ${mark.score}` : ''}`
              : 'Mark',
        }))}
      />
      <p className="mt-2 text-sm">
        <a href={recordingAudioUrl(recording.id, true)} className="text-blue-900 underline dark:text-sky-300" download>
          Download the recording
          <span className="sr-only"> of {title}</span>
        </a>
      </p>
      {detail.isPending ? <p className="text-sm text-slate-700 dark:text-slate-300">Loading the marks…</p> : null}
      {detail.isError ? (
        <p className="text-sm text-red-800 dark:text-red-300">The marks could not load: {problemText(detail.error)}</p>
      ) : null}
    </div>
  );
}
