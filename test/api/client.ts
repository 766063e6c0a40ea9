/**
 * A JSON client for API tests: each call answers {status, headers, body} with the body parsed when it is JSON
 * (problem+json included) and kept as text otherwise. Bodies that are strings or bytes go out as they are, so a test
 * can send malformed or non-object JSON (or a recording's pieces); objects are serialized.
 */
import type { Agent } from 'node:https';
import type { TestApi } from '../helpers/api-server.js';

export type Json = Record<string, any>;

export interface Answer {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

/** `options.agent`: a keep-alive agent, for a client that keeps its connection (a tablet through the BFF) */
export function apiClient(api: Pick<TestApi, 'fetch'>, auth: Record<string, string>, options: { agent?: Agent } = {}) {
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const bytes = body instanceof Uint8Array;
    const response = await api.fetch(path, {
      method,
      headers: { ...auth, ...(body === undefined || bytes ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' || bytes ? body : JSON.stringify(body),
      agent: options.agent,
    });
    const text = await response.text();
    const isJson = /json/.test(response.headers.get('content-type') ?? '');
    return {
      status: response.status,
      headers: response.headers,
      body: (isJson && text ? JSON.parse(text) : null) as Json,
      text,
    };
  };
  return {
    /** the headers that authenticate this client, for a request made some other way (a raw fetch, a socket) */
    auth,
    send,
    get: (path: string) => send('GET', path),
    /** a form-encoded POST; `fields` as pairs keep names such as "__proto__.amount" and repeated names intact */
    form: (path: string, fields: Record<string, string> | [string, string][]) =>
      send('POST', path, new URLSearchParams(fields).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      }),
  };
}

/** The names the problem's `errors` list, in order. */
export const namesOf = (answer: Answer): string[] =>
  (answer.body?.errors ?? []).map((error: { name: string }) => error.name);
