/**
 * A competition's published schedule: one row per performance in the order of appearance, each an element of
 * class `schedule-row` holding the time (`schedule-row__time`), the group (`schedule-row__name`) and its division's
 * initials (`schedule-row__initials`), which is what the hosted service's scrapers read. The logistical view adds
 * the round, the group's home and a column per logistical step (decision 141: `schedule-row__step`, its time and
 * place), then a printable sheet per group (its itinerary) and per location (a warm-up room's steps in time order),
 * none of them `schedule-row`, so a scraper reading the rows reads what it always read. Times are printed in UTC (the
 * API stores no time zone), with the exact instant in the `<time>` element's datetime.
 */
import { byLocation, type ItineraryStep } from '../../../../domain/schedule/itinerary.js';
import type { ScheduleEntry } from '../present/schedule.js';
import type { ScheduleView } from '../../../../domain/published-pages.js';
import { escapeHtml, htmlPage, publishedDay } from './html.js';
import type { RecapPageCompetition } from './recap-page.js';

export interface SchedulePageInput {
  organizationName: string;
  competition: RecapPageCompetition;
  entries: ScheduleEntry[];
  view: ScheduleView;
  /** the logistical view's steps by performance id (decision 141); a performance absent has no time yet */
  itineraries?: ReadonlyMap<number, readonly ItineraryStep[]>;
}

export function schedulePage({
  organizationName,
  competition,
  entries,
  view,
  itineraries = new Map(),
}: SchedulePageInput): string {
  const logistical = view === 'logistical';
  const heading =
    `<h1 class='title'>${escapeHtml(competition.eventName)}</h1>\n` +
    `<p class='subtitle'>${escapeHtml(competition.name)} · ${publishedDay(competition.startsAt)}${competition.location ? ` · ${escapeHtml(competition.location)}` : ''}</p>\n` +
    `<p class='subtitle'>${logistical ? 'Logistical schedule' : 'Schedule'} · ${escapeHtml(organizationName)}</p>`;
  if (entries.length === 0)
    return htmlPage(
      `${competition.eventName} schedule`,
      `${heading}\n<p class='notAvailable'>No performances are scheduled yet.</p>`,
    );
  const steps = logistical ? stepColumns(entries, itineraries) : [];
  const columns = ['Time', 'Group', 'Division', ...(logistical ? ['Round', 'From', ...steps] : [])];
  const rows = entries.map((entry) => {
    const own = itineraries.get(entry.performanceId) ?? [];
    const cells = [
      `<td class='schedule-row__time'>${timeOf(entry.time)}</td>`,
      `<td class='schedule-row__name'>${escapeHtml(entry.group.name)}</td>`,
      `<td class='schedule-row__initials'><abbr title='${escapeHtml(entry.division.name)}'>${escapeHtml(entry.division.initials)}</abbr></td>`,
      ...(logistical
        ? [
            `<td class='schedule-row__round'>${escapeHtml(entry.round.name || `Round ${entry.round.number}`)}</td>`,
            `<td class='schedule-row__location'>${escapeHtml(entry.group.location)}</td>`,
            ...steps.map((name) => {
              const step = own.find((candidate) => candidate.kind !== 'performance' && candidate.name === name);
              return `<td class='schedule-row__step'>${step ? stepCell(step) : ''}</td>`;
            }),
          ]
        : []),
    ];
    return `<tr class='schedule-row'>${cells.join('')}</tr>`;
  });
  const table =
    `<table class='schedule'><thead><tr>${columns.map((column) => `<th scope='col'>${escapeHtml(column)}</th>`).join('')}</tr></thead>\n` +
    `<tbody>\n${rows.join('\n')}\n</tbody></table>`;
  const sheets =
    logistical && steps.length > 0
      ? `\n${groupSheets(entries, itineraries)}\n${locationSheets(entries, itineraries)}`
      : '';
  return htmlPage(`${competition.eventName} schedule`, `${heading}\n${table}${sheets}`);
}

/** The steps' names other than the performance, in the order they come in the day (earliest offset first). */
function stepColumns(entries: readonly ScheduleEntry[], itineraries: ReadonlyMap<number, readonly ItineraryStep[]>) {
  const earliest = new Map<string, number>();
  for (const entry of entries) {
    const own = itineraries.get(entry.performanceId) ?? [];
    const performance = own.find((step) => step.kind === 'performance');
    if (!performance) continue;
    for (const step of own) {
      if (step.kind === 'performance') continue;
      const offset = step.startsAt - performance.startsAt;
      earliest.set(step.name, Math.min(earliest.get(step.name) ?? offset, offset));
    }
  }
  return [...earliest].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

function stepCell(step: ItineraryStep): string {
  return `${clockOf(new Date(step.startsAt))}${step.location ? ` · ${escapeHtml(step.location)}` : ''}`;
}

/** Each group's itinerary, one sheet a group (a page each when printed). */
function groupSheets(entries: readonly ScheduleEntry[], itineraries: ReadonlyMap<number, readonly ItineraryStep[]>) {
  const sheets = entries.flatMap((entry) => {
    const own = itineraries.get(entry.performanceId);
    if (!own || own.length === 0) return [];
    const title = `${entry.group.name} · ${entry.division.name}${entry.round.name ? ` · ${entry.round.name}` : ''}`;
    const rows = own.map(
      (step) =>
        `<tr class='itinerary-row'><td>${clockOf(new Date(step.startsAt))} to ${clockOf(new Date(step.endsAt))}</td><td>${escapeHtml(step.name)}</td><td>${escapeHtml(step.location)}</td></tr>`,
    );
    return [
      `<section class='sheet group-sheet' aria-label='${escapeHtml(`Itinerary of ${title}`)}'><h2>${escapeHtml(title)}</h2>` +
        `<table class='schedule'><thead><tr><th scope='col'>When</th><th scope='col'>Step</th><th scope='col'>Where</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`,
    ];
  });
  return `<h2 class='title sheets-heading'>Each group's itinerary</h2>\n${sheets.join('\n')}`;
}

/** Each location's steps of every group in time order: what a warm-up room's door keeper holds. */
function locationSheets(entries: readonly ScheduleEntry[], itineraries: ReadonlyMap<number, readonly ItineraryStep[]>) {
  const steps = entries.flatMap((entry) =>
    (itineraries.get(entry.performanceId) ?? []).map((step) => ({ step, group: entry.group.name })),
  );
  const sheets = byLocation(steps).map(([location, list]) => {
    const rows = list.map(
      ({ step, group }) =>
        `<tr class='location-row'><td>${clockOf(new Date(step.startsAt))} to ${clockOf(new Date(step.endsAt))}</td><td>${escapeHtml(group)}</td><td>${escapeHtml(step.name)}</td></tr>`,
    );
    return (
      `<section class='sheet location-sheet' aria-label='${escapeHtml(location)}'><h2>${escapeHtml(location)}</h2>` +
      `<table class='schedule'><thead><tr><th scope='col'>When</th><th scope='col'>Group</th><th scope='col'>Step</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`
    );
  });
  return sheets.length === 0 ? '' : `<h2 class='title sheets-heading'>Each location</h2>\n${sheets.join('\n')}`;
}

function clockOf(time: Date): string {
  const clock = `${String(time.getUTCHours()).padStart(2, '0')}:${String(time.getUTCMinutes()).padStart(2, '0')}`;
  return `<time datetime='${time.toISOString()}'>${clock} UTC</time>`;
}

function timeOf(time: Date | null): string {
  return time ? clockOf(time) : 'Time to be announced';
}
