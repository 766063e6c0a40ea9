/**
 * A registration's fee as the circuit types it and every page shows it (decision 136: cents in the API, shown per
 * division; nothing is charged here). One place, so the circuit's form, a group's page and the public page agree.
 */

/** "$150.00", "Free" for none. */
export function feeText(cents: number): string {
  if (cents === 0) return 'Free';
  return `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** Dollars as typed ("150", "150.5", "$1,200.00") to cents; undefined for anything else. */
export function feeCentsOf(text: string): number | undefined {
  const plain = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(plain)) return undefined;
  return Math.round(Number(plain) * 100);
}

/** The registration states in the words a director reads. */
export const REGISTRATION_STATE_WORDS = {
  requested: 'Requested',
  accepted: 'Accepted',
  waitlisted: 'Waitlisted',
  withdrawn: 'Withdrawn',
  refused: 'Refused',
} as const;
