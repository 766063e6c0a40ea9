/**
 * The published pages' HTML: text escaping and the page around the content. Every text that comes from data
 * (names, places, judges, captions) goes through `escapeHtml`; the pages carry no script at all, and their
 * Content-Security-Policy allows none (their one stylesheet is allowed by its hash).
 */
import { createHash } from 'node:crypto';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]);
}

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 12px; color: #111; background: #fff; }
table { border-collapse: collapse; }
.recapHeader, .schedule, body > table { margin: 10px auto; }
.recapHeader td { text-align: center; vertical-align: middle; padding: 0 8px; }
.title { font-weight: bold; font-size: 18px; text-align: center; }
.subtitle { font-style: italic; font-size: 12px; margin-top: 5px; text-align: center; }
.competitionName, .chiefJudge, .notAvailable, .footnote { text-align: center; margin: 6px auto; }
.notAvailable { font-size: 16px; margin-top: 24px; }
.header-division-name td { text-align: center; font-weight: bold; font-size: 14px; padding: 2px; }
td.topBorder, td.bottomBorderDouble { border: 1px solid #999; padding: 1px 3px; font-size: 12px; }
td.header { background: #eee; text-align: center; font-weight: bold; }
.scoreTable td { border: 0; text-align: center; }
.scoreTable td.rank { color: #555; font-size: 10px; }
.schedule th, .schedule td { border-bottom: 1px solid #ccc; padding: 4px 8px; text-align: left; }
.sheet { margin: 24px auto 0; max-width: 48rem; }
.sheet h2 { font-size: 16px; text-align: center; margin: 0 0 4px; }
@media print { .sheet { break-before: page; } .sheets-heading { display: none; } }
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The headers every published page goes out with, whatever its status. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src data:; base-uri 'none'; form-action 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** A whole page: `title` is text (escaped here), `body` is markup built from escaped parts. */
export function htmlPage(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8' /><meta name='viewport' content='width=device-width, initial-scale=1' /><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>\n${body}\n</body></html>\n`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A competition's day as the published recaps print it ("Saturday, February 19, 2022"), the UTC calendar day:
 * a competition known only by its day is stored at noon UTC of that day (decision 011).
 */
export function publishedDay(date: Date): string {
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
