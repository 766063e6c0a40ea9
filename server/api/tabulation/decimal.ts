/**
 * Exact decimal arithmetic for scores. Every number is held as an integer count of millionths ("micros"): the
 * published numbers have at most four fraction digits and weights at most six (25 x 35% = 0.0875), and integer
 * arithmetic keeps 0.1 + 0.2 style binary errors from ever moving a published digit. Products and means, which
 * can need more digits, are computed as exact fractions (`exact.ts`) and rounded once.
 */

export const MICROS_PER_UNIT = 1_000_000;
const MAX_FRACTION_DIGITS = 6;

/** Parses decimal text ("18.575", ".2", "-4.50", "68") exactly; throws on anything else. */
export function parseMicros(text: string): number {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`not a decimal number: "${text}"`);
  const fraction = match[3] ?? '';
  if (fraction.replace(/0+$/, '').length > MAX_FRACTION_DIGITS) {
    throw new Error(`more than ${MAX_FRACTION_DIGITS} fraction digits: "${text}"`);
  }
  const micros =
    Number(match[2] || '0') * MICROS_PER_UNIT + Number(fraction.padEnd(MAX_FRACTION_DIGITS, '0').slice(0, 6));
  return match[1] === '-' ? -micros : micros;
}

/** Converts a JavaScript number to micros by way of its shortest decimal text, so 0.1 becomes exactly 100000. */
export function toMicros(value: number): number {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return parseMicros(shortestDecimal(value));
}

export function fromMicros(micros: number): number {
  return Number(microsToText(micros, 0, MAX_FRACTION_DIGITS));
}

/** Text with at least `minDigits` and at most `maxDigits` fraction digits (the value must fit in `maxDigits`). */
export function microsToText(micros: number, minDigits: number, maxDigits: number): string {
  const negative = micros < 0;
  const magnitude = Math.abs(micros);
  const whole = Math.floor(magnitude / MICROS_PER_UNIT);
  let fraction = String(magnitude % MICROS_PER_UNIT).padStart(MAX_FRACTION_DIGITS, '0');
  if (fraction.slice(maxDigits).replace(/0/g, '') !== '') {
    throw new Error(`${whole}.${fraction} has more than ${maxDigits} fraction digits`);
  }
  fraction = fraction.slice(0, maxDigits);
  while (fraction.length > minDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative && micros !== 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

function shortestDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(MAX_FRACTION_DIGITS);
}
