/**
 * A judge's caption sheet as typed (pure: the page, the queue and the tests share it). Numbers are checked and
 * added in thousandths, the finest the API stores, so 0.1 + 0.2 is 0.3 and a step is a whole number of thousandths.
 */

/** A line of the sheet as the seat gives it (GET /me/seats: caption.subcaptions). */
export interface SheetLine {
  key: string;
  name: string;
  initials: string;
  max: number;
  step: number;
  /** the factor the tabulation multiplies this line's number by (a weighted caption's lines differ) */
  weight: number;
}

/** What the judge typed on one line, as text: "8", "8.", "" are all states a field passes through. */
export interface TypedLine {
  subcaptionKey: string;
  text: string;
}

export interface LineScore {
  subcaptionKey: string;
  score: number;
}

export type LineCheck = { kind: 'empty' } | { kind: 'number'; score: number } | { kind: 'error'; message: string };

const THOUSANDTHS = 1000;
/** Digits, one decimal separator (a phone's decimal keypad gives a comma in many languages), at most 3 decimals. */
const NUMBER_TEXT = /^(\d+)(?:[.,](\d{0,3}))?$/;

const toThousandths = (value: number) => Math.round(value * THOUSANDTHS);

/** The number a step allows, written as the judge reads it ("0.1", "0.05"). */
export const formatScore = (value: number) => String(toThousandths(value) / THOUSANDTHS);

/** One typed line against its maximum and step: said at once, so a number the API would refuse is never sent. */
export function checkLine(line: SheetLine, text: string): LineCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const match = NUMBER_TEXT.exec(trimmed);
  if (!match) {
    return /[.,]\d{4,}$/.test(trimmed)
      ? { kind: 'error', message: `At most 3 decimals (step ${formatScore(line.step)})` }
      : { kind: 'error', message: 'Not a number' };
  }
  const thousandths = Number(match[1]) * THOUSANDTHS + Number((match[2] ?? '').padEnd(3, '0'));
  if (thousandths > toThousandths(line.max))
    return { kind: 'error', message: `Above the maximum ${formatScore(line.max)}` };
  const step = Math.max(1, toThousandths(line.step));
  if (thousandths % step !== 0) return { kind: 'error', message: `Not a step of ${formatScore(line.step)}` };
  return { kind: 'number', score: thousandths / THOUSANDTHS };
}

export interface SheetCheck {
  /** per line, in the sheet's order */
  lines: { line: SheetLine; text: string; check: LineCheck }[];
  /** the sum of the valid numbers typed, unweighted (what the judge's lines add up to) */
  total: number;
  /** the caption's score from the valid numbers typed, as the tabulation works it out: numbers times weights */
  score: number;
  /** every line holds a valid number: the entry can be submitted */
  complete: boolean;
  /** no line holds an error: what is typed can be sent as a draft */
  valid: boolean;
  /** the valid numbers, for the API (lines left empty are left out of a draft) */
  scores: LineScore[];
}

export function checkSheet(
  lines: readonly SheetLine[],
  typed: readonly TypedLine[],
  digits = PUBLISHED_DIGITS,
): SheetCheck {
  const checked = lines.map((line) => {
    const text = typed.find((item) => item.subcaptionKey === line.key)?.text ?? '';
    return { line, text, check: checkLine(line, text) };
  });
  const scores = checked.flatMap(({ line, check }) =>
    check.kind === 'number' ? [{ subcaptionKey: line.key, score: check.score }] : [],
  );
  const total = scores.reduce((sum, { score }) => sum + toThousandths(score), 0) / THOUSANDTHS;
  return {
    lines: checked,
    total,
    score: captionScore(lines, scores, digits),
    complete: lines.length > 0 && checked.every(({ check }) => check.kind === 'number'),
    valid: checked.every(({ check }) => check.kind !== 'error'),
    scores,
  };
}

/** Fraction digits of a published caption score when the seat does not say (the API's default). */
export const PUBLISHED_DIGITS = 3;

/**
 * A caption's score as the tabulation publishes it (server/api/tabulation/tabulate.ts): each line's number times its
 * weight, added exactly, rounded half up to the sheet's digits. Worked in whole nanos (thousandths x micros), exact
 * in a double for any sheet (100 x 10 lines is far below 2^53 nanos), so a weighted sheet ranks the way its recap
 * will: Voc 90 / Exc 70 (15.4) below Voc 70 / Exc 85 (15.95) at 0.07 / 0.13, though its lines add up to more.
 */
export function captionScore(
  lines: readonly SheetLine[],
  scores: readonly LineScore[],
  digits = PUBLISHED_DIGITS,
): number {
  let nanos = 0;
  for (const { subcaptionKey, score } of scores) {
    const line = lines.find((item) => item.key === subcaptionKey);
    if (line) nanos += toThousandths(score) * Math.round(line.weight * 1_000_000);
  }
  const unit = 10 ** (9 - digits);
  return Math.floor((nanos + unit / 2) / unit) / 10 ** digits;
}

/** A caption score written with its published digits' precision, no trailing zeros ("16.25", "15.4"). */
export const formatCaptionScore = (value: number, digits = PUBLISHED_DIGITS) =>
  String(Math.round(value * 10 ** digits) / 10 ** digits);

/** The texts a stored entry shows in the fields. */
export const typedFromScores = (scores: readonly LineScore[]): TypedLine[] =>
  scores.map(({ subcaptionKey, score }) => ({ subcaptionKey, text: formatScore(score) }));

/** The same numbers line for line, to the thousandth the API stores (a sheet's lines in any order). */
export function sameScores(a: readonly LineScore[], b: readonly LineScore[]): boolean {
  if (a.length !== b.length) return false;
  const of = new Map(b.map((line) => [line.subcaptionKey, toThousandths(line.score)]));
  return a.every((line) => of.get(line.subcaptionKey) === toThousandths(line.score));
}
