/**
 * What a refused write says, read from its problem document (the ApiError's `body`): the field each error names,
 * and what a refused release lists. Read by shape, never trusted: the answer is data from the network.
 */
import { isApiError } from '../api/core';

export interface MissingCaption {
  captionKey: string;
  captionName: string;
  performances: { id: number; group: string }[];
}

export interface RefusedSection {
  round: number;
  divisionId: number;
  division: string;
  missing: MissingCaption[];
  noSheet: boolean;
  notSignedOff: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Each named field's message: `reason`, `scores[0].score`, `entries[2].captionKey`... */
export function fieldErrors(error: unknown): Map<string, string> {
  const found = new Map<string, string>();
  if (!isApiError(error) || !isObject(error.body) || !Array.isArray(error.body.errors)) return found;
  for (const item of error.body.errors as unknown[]) {
    if (isObject(item) && typeof item.name === 'string' && typeof item.message === 'string')
      found.set(item.name, item.message);
  }
  return found;
}

/** The sentence to show for a refusal: the problem's detail, else what the status means. */
export function problemText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 0) return 'No connection: nothing was sent. Try again once you are back online.';
    if (error.status === 401) return 'Your session has ended: sign in again (what you typed stays here).';
    if (isObject(error.body) && typeof error.body.detail === 'string') return error.body.detail;
    return `The server refused it (${error.status}).`;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** A problem's text field: the string it is, else `fallback` (never an object's "[object Object]"). */
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** A 409 `release_refused`'s sections, each with what it lacks; empty for any other answer. */
export function refusedSections(error: unknown): RefusedSection[] {
  if (!isApiError(error) || error.code !== 'release_refused' || !isObject(error.body)) return [];
  const sections = (error.body as Record<string, unknown>).sections;
  if (!Array.isArray(sections)) return [];
  return sections.filter(isObject).map((section) => ({
    round: Number(section.round),
    divisionId: Number(section.divisionId),
    division: text(section.division),
    noSheet: section.noSheet === true,
    notSignedOff: section.notSignedOff === true,
    missing: (Array.isArray(section.missing) ? section.missing : []).filter(isObject).map((caption) => ({
      captionKey: text(caption.captionKey),
      captionName: text(caption.captionName, text(caption.captionKey)),
      performances: (Array.isArray(caption.performances) ? caption.performances : [])
        .filter(isObject)
        .map((performance) => ({ id: Number(performance.id), group: text(performance.group) })),
    })),
  }));
}
