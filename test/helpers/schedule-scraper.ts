/**
 * A scraper of a published schedule page, written the way the hosted service's clients read one: fetch the page,
 * take every `.schedule-row` and read its `.schedule-row__name` (the group) and `.schedule-row__initials` (its
 * division). It knows nothing of our API; the tests hold what it reads against the API's own schedule.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';

export interface ScrapedScheduleRow {
  name: string;
  initials: string;
}

const hasClass = (element: Element, name: string) => (element.attribs.class ?? '').split(/\s+/).includes(name);

export function scrapeScheduleRows(html: string): ScrapedScheduleRow[] {
  const document = parseDocument(html);
  return DomUtils.findAll((element) => hasClass(element, 'schedule-row'), document.children).map((row) => {
    const text = (name: string) => {
      const cell = DomUtils.findOne((element) => hasClass(element, name), row.children);
      return cell ? DomUtils.textContent(cell).replace(/\s+/g, ' ').trim() : '';
    };
    return { name: text('schedule-row__name'), initials: text('schedule-row__initials') };
  });
}
