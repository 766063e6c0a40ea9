/**
 * When the console warns about backups (decision 114): while the server writes them by itself, a last backup older
 * than twice the interval (two in a row missed: a USB stick taken out, a full disk), or none at all. One rule for the
 * API's document and the console.
 */
export const OLD_AFTER_INTERVALS = 2;

export interface BackupFacts {
  automatic: boolean;
  everyMinutes: number | null;
  last: { at: string } | null;
}

/** 'never': automatic, and none made yet; 'old': automatic, and the last older than the rule allows. */
export function backupWarning(facts: BackupFacts, now: number): 'never' | 'old' | null {
  if (!facts.automatic || facts.everyMinutes === null) return null;
  if (!facts.last) return 'never';
  const age = now - Date.parse(facts.last.at);
  return age > OLD_AFTER_INTERVALS * facts.everyMinutes * 60_000 ? 'old' : null;
}
