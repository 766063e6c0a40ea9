/**
 * A competition's published schedule: one row per performance in the order of appearance, each an element of
 * class `schedule-row` holding the time (`schedule-row__time`), the group (`schedule-row__name`) and its division's
 * initials (`schedule-row__initials`), which is what the hosted service's scrapers read. The logistical view adds
 * the round and the group's home. Times are printed in UTC (the API stores no time zone), with the exact instant in
 * the `<time>` element's datetime.
 */
import type { ScheduleEntry } from '../present/schedule.js';
import type { ScheduleView } from '../../../../domain/published-pages.js';
import { escapeHtml, htmlPage, publishedDay } from './html.js';
import type { RecapPageCompetition } from './recap-page.js';

export interface SchedulePageInput {
  organizationName: string;
  competition: RecapPageCompetition;
  entries: ScheduleEntry[];
  view: ScheduleView;
}

export function schedulePage({ organizationName, competition, entries, view }: SchedulePageInput): string {
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
  const columns = ['Time', 'Group', 'Division', ...(logistical ? ['Round', 'From'] : [])];
  const rows = entries.map((entry) => {
    const cells = [
      `<td class='schedule-row__time'>${timeOf(entry.time)}</td>`,
      `<td class='schedule-row__name'>${escapeHtml(entry.group.name)}</td>`,
      `<td class='schedule-row__initials'><abbr title='${escapeHtml(entry.division.name)}'>${escapeHtml(entry.division.initials)}</abbr></td>`,
      ...(logistical
        ? [
            `<td class='schedule-row__round'>${escapeHtml(entry.round.name || `Round ${entry.round.number}`)}</td>`,
            `<td class='schedule-row__location'>${escapeHtml(entry.group.location)}</td>`,
          ]
        : []),
    ];
    return `<tr class='schedule-row'>${cells.join('')}</tr>`;
  });
  const table =
    `<table class='schedule'><thead><tr>${columns.map((column) => `<th scope='col'>${column}</th>`).join('')}</tr></thead>\n` +
    `<tbody>\n${rows.join('\n')}\n</tbody></table>`;
  return htmlPage(`${competition.eventName} schedule`, `${heading}\n${table}`);
}

function timeOf(time: Date | null): string {
  if (!time) return 'Time to be announced';
  const clock = `${String(time.getUTCHours()).padStart(2, '0')}:${String(time.getUTCMinutes()).padStart(2, '0')}`;
  return `<time datetime='${time.toISOString()}'>${clock} UTC</time>`;
}
