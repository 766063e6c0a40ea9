import { DomUtils, parseDocument } from 'htmlparser2';
import type { DrawRecord } from '../../domain/draw/record.js';
import { CliError } from './errors.js';

/** The most of a published draw page read: a competition's draws are a few hundred kilobytes at the most. */
const MAX_PAGE_BYTES = 5_000_000;

export interface PublishedDraw {
  /** the draw's guid, from its section's id */
  guid: string;
  /** the section's heading: division · round, "(superseded by a later draw)" when it is */
  section: string;
  record: unknown;
}

/**
 * The draws of a published "How this order was drawn" page (server/api/routes/pages/draw-page.ts), read as anyone
 * reads it: over the network, without an account or the database. Each section's record is the JSON under its
 * "The record (JSON)".
 */
export async function publishedDraws(url: URL): Promise<{ title: string; draws: PublishedDraw[] }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new CliError(`Could not read ${url.href}: ${cause}`);
  }
  if (!response.ok) throw new CliError(`${url.href} answered ${response.status}: not a published draw page`);
  const html = await response.text();
  if (html.length > MAX_PAGE_BYTES) throw new CliError(`${url.href} is larger than a draw page can be`);
  const document = parseDocument(html);
  const sections = DomUtils.findAll(
    (element) => element.name === 'section' && (element.attribs.class ?? '').split(' ').includes('draw'),
    document.children,
  );
  const title = DomUtils.textContent(DomUtils.findOne((element) => element.name === 'h1', document.children) ?? []);
  if (sections.length === 0 && !html.includes('No order has been drawn yet'))
    throw new CliError(`${url.href} is not a published draw page (no draw in it)`);
  const draws = sections.map((section): PublishedDraw => {
    const guid = (section.attribs.id ?? '').replace(/^draw-/, '');
    const heading = DomUtils.textContent(DomUtils.findOne((element) => element.name === 'h2', [section]) ?? []);
    const pre = DomUtils.findOne(
      (element) => element.name === 'pre' && (element.attribs.class ?? '').includes('draw-record'),
      [section],
    );
    let record: unknown = null;
    try {
      record = pre ? JSON.parse(DomUtils.textContent(pre)) : null;
    } catch {
      record = null;
    }
    return { guid, section: heading.trim(), record };
  });
  return { title: title.trim(), draws };
}

/** A record as the page gives it, enough of it to re-run: anything else is reported, never thrown. */
export function asDrawRecord(value: unknown): DrawRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { procedure, input, order } = value as Record<string, unknown>;
  if (typeof procedure !== 'string' || typeof input !== 'object' || input === null || !Array.isArray(order))
    return null;
  return value as DrawRecord;
}
