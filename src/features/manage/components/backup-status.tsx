import { backupWarning } from '../../../../domain/backups';
import { Notice } from '../../../components/notice';
import { formatAge, formatTime } from '../../../lib/dates';
import { useNow } from '../../../lib/use-now';
import type { BackupStatus } from '../api/get-backup-status';

/**
 * When the server's last backup was made, on the console all show long: a line while all is well, a warning while
 * automatic backups are on and the last is older than twice their interval, or none was made, and whenever the last
 * attempt failed (the USB stick taken out). Said in words, not colour alone.
 */
export function BackupLine({ status }: { status: BackupStatus }) {
  const now = useNow(15_000);
  const warning = backupWarning(status, now);
  const last = status.last
    ? `last made ${formatAge(now - Date.parse(status.last.at))} (${formatTime(status.last.at)}${status.last.automatic ? '' : ', by backup create'})`
    : null;
  const failure = status.lastFailure ? (
    <>
      {' '}
      The last attempt failed at {formatTime(status.lastFailure.at)}: {status.lastFailure.message}.
    </>
  ) : null;

  if (warning || failure) {
    const every = status.everyMinutes === null ? '' : ` One is due every ${status.everyMinutes} min.`;
    return (
      <Notice tone="warning">
        <span aria-hidden="true">⚠ </span>
        <strong>Backups:</strong> {last ? `${last}.` : 'none made yet.'}
        {warning ? every : null}
        {failure}
        {warning ? ' Check the backup folder (BACKUP_DIR), or make one with backup create.' : null}
      </Notice>
    );
  }
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <strong className="font-semibold">Backups:</strong>{' '}
      {status.automatic
        ? `${last}; one every ${status.everyMinutes} min to the backup folder.`
        : last
          ? `${last}. Automatic backups are off (BACKUP_DIR is not set).`
          : 'automatic backups are off (BACKUP_DIR is not set), and none was made since the server started.'}
    </p>
  );
}
