import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/signed-in/field';
import { primaryButton, RefusalNotice, secondaryButton } from '../../../components/signed-in/modal';
import { sizeOf } from '../../../lib/format';
import { fieldErrors } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import { manageKeys } from '../api/keys';
import { uploadRecordingFile } from '../api/commentary-writes';

/** What the file picker offers: the two types the API takes (checked by content on the server). */
const ACCEPT = 'audio/webm,audio/mp4,audio/x-m4a,video/webm,video/mp4,.webm,.weba,.m4a,.mp4';

/**
 * Upload a file recorded elsewhere (a judge's own recorder, a phone) for the judge seated on this performance and
 * caption. It becomes the one heard, unless the one heard now is verified: then it needs a reason to replace it (else
 * it is kept beside it, not heard). Progress is shown as the pieces go.
 */
export function UploadForm({
  competitionId,
  performanceId,
  captionKey,
  replacesVerified,
  onDone,
  onCancel,
}: {
  competitionId: number;
  performanceId: number;
  captionKey: string;
  replacesVerified: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [fileMissing, setFileMissing] = useState(false);
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(0);
  const upload = useWrite({
    write: (chosen: File) =>
      uploadRecordingFile({
        performanceId,
        captionKey,
        file: chosen,
        reason: reason.trim() || undefined,
        onProgress: setSent,
      }),
    stale: () => [manageKeys.competition(competitionId)],
    // a refusal half way (too big, not audio) leaves a recording the history shows
    refreshAfterRefusal: true,
    onSuccess: onDone,
  });
  const errors = fieldErrors(upload.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileMissing(true);
    setFileMissing(false);
    setSent(0);
    upload.mutate(file);
  };
  const id = `upload-${performanceId}-${captionKey}`;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Upload a file recorded elsewhere"
      className="mt-2 space-y-2 rounded-md border border-slate-300 p-3 dark:border-slate-700"
    >
      <Field
        id={`${id}-file`}
        label="Audio file"
        hint="WebM or MP4 (M4A) audio, as a recorder or phone saves it. It is filed under the judge seated here."
        error={fileMissing ? 'Choose the file to upload.' : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPT}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {replacesVerified ? (
        <Field
          id={`${id}-reason`}
          label="Why it replaces the verified recording (leave empty to keep it beside, not heard)"
          error={errors.get('reason')}
        >
          {(control) => (
            <input {...control} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          )}
        </Field>
      ) : null}
      {upload.isPending && file ? (
        <p className="text-sm" role="status">
          Sending {sizeOf(sent)} of {sizeOf(file.size)}…
          <progress className="ml-2 align-middle" max={file.size} value={sent} aria-label="Upload progress" />
        </p>
      ) : null}
      <RefusalNotice error={upload.error} general={[]} fieldsNamed={errors.size} />
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload the file'}
        </button>
      </div>
    </form>
  );
}
