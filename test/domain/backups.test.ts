import { expect, it } from 'vitest';
import { backupWarning } from '../../domain/backups.js';

const at = (iso: string) => Date.parse(iso);

it('warns while automatic when there is no backup, or the last is older than twice the interval', () => {
  const last = { at: '2026-11-28T14:00:00.000Z' };
  const automatic = { automatic: true, everyMinutes: 5, last };
  expect(backupWarning(automatic, at('2026-11-28T14:10:00Z'))).toBeNull();
  expect(backupWarning(automatic, at('2026-11-28T14:10:01Z'))).toBe('old');
  expect(backupWarning({ ...automatic, last: null }, at('2026-11-28T14:00:00Z'))).toBe('never');
  expect(backupWarning({ automatic: false, everyMinutes: null, last: null }, at('2026-11-28T14:00:00Z'))).toBeNull();
  expect(backupWarning({ automatic: false, everyMinutes: null, last }, at('2026-12-28T14:00:00Z'))).toBeNull();
});
