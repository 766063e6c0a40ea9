/**
 * A stand-in for POST /api/performances/{id}/scores as the API documents it (docs/api.md, "Judges, entry states and
 * bulk entry"), for the queue's and the page's tests: versions and baseVersion (409 score_conflict with `current`),
 * a judge cannot change a submitted entry (409 entry_submitted), the same numbers in the same state sent again are
 * answered with the entry as it is, writing nothing (whatever the base version), Idempotency-Key replays the first
 * answer without writing again (422 for the same key with another body), 401 when signed out. It can drop the network, or write and
 * then lose the answer, as a gym's network does.
 */
import type { CaptionEntry } from '../lib/api-models';

type Actor = NonNullable<CaptionEntry['by']>;

export const JUDGE: Actor = { kind: 'user', id: '41', name: 'Jo Judge' };
export const TABULATOR: Actor = { kind: 'user', id: '7', name: 'Tab Ulator' };

export class FakeScoreApi {
  readonly entries = new Map<string, CaptionEntry>();
  /** every write the API applied, in order */
  readonly applied: {
    performanceId: number;
    captionKey: string;
    state: string;
    scores: unknown;
    key: string | null;
  }[] = [];
  /** every request that reached it */
  requests = 0;
  network: 'up' | 'down' = 'up';
  signedIn = true;
  /** the next N writes are applied, then their answers lost */
  loseAnswers = 0;
  private readonly answers = new Map<string, { body: string; status: number; answer: unknown }>();
  private clock = Date.parse('2026-11-27T15:00:00Z');

  /** the send queue's fetch, answering at once (the executor runs now): what `respond` throws, it rejects */
  transport = (url: string, init: RequestInit = {}): Promise<Response> =>
    new Promise((resolve) => resolve(this.respond(url, init)));

  private respond(url: string, init: RequestInit): Response {
    if (this.network === 'down') throw new TypeError('Failed to fetch');
    this.requests += 1;
    if (!this.signedIn) {
      return json(401, {
        type: 'about:blank',
        status: 401,
        title: 'Sign in',
        code: 'session_expired',
        detail: 'Sign in again.',
      });
    }
    const match = /\/performances\/(\d+)\/scores$/.exec(url);
    if (!match || init.method !== 'POST')
      return json(404, { status: 404, title: 'Not found', code: 'not_found', detail: url });
    const key = new Headers(init.headers).get('idempotency-key');
    const body = typeof init.body === 'string' ? init.body : '';
    if (key !== null) {
      const first = this.answers.get(key);
      if (first && first.body !== body) {
        return json(422, { status: 422, title: 'Idempotency-Key reused', code: 'idempotency_key_reused', detail: key });
      }
      if (first) return this.answer(json(first.status, first.answer, { 'idempotent-replayed': 'true' }));
    }
    const performanceId = Number(match[1]);
    const request = JSON.parse(body) as {
      captionKey: string;
      scores?: CaptionEntry['scores'];
      state?: 'draft' | 'submitted';
      baseVersion?: number;
    };
    const [status, answer] = this.write(performanceId, request, key);
    if (key !== null) this.answers.set(key, { body, status, answer });
    return this.answer(json(status, answer));
  }

  /** A tabulator's correction, made on the API while the judge's tablet is away: submitted as written. */
  correct(performanceId: number, captionKey: string, scores: CaptionEntry['scores']): CaptionEntry {
    const now = this.entries.get(`${performanceId}/${captionKey}`);
    return this.put(performanceId, captionKey, scores, 'submitted', (now?.version ?? 0) + 1, TABULATOR);
  }

  entry(performanceId: number, captionKey: string): CaptionEntry | undefined {
    return this.entries.get(`${performanceId}/${captionKey}`);
  }

  private answer(response: Response): Response {
    if (this.loseAnswers > 0) {
      this.loseAnswers -= 1;
      throw new TypeError('The network connection was lost.');
    }
    return response;
  }

  private write(
    performanceId: number,
    request: {
      captionKey: string;
      scores?: CaptionEntry['scores'];
      state?: 'draft' | 'submitted';
      baseVersion?: number;
    },
    key: string | null,
  ): [number, unknown] {
    const current = this.entries.get(`${performanceId}/${request.captionKey}`);
    const version = current?.version ?? 0;
    if (
      current &&
      current.state === (request.state ?? 'draft') &&
      sameLines(request.scores ?? current.scores, current.scores)
    )
      return [200, { performanceId, entry: current }];
    if (request.baseVersion !== undefined && request.baseVersion !== version) {
      return [409, { status: 409, title: 'Conflict', code: 'score_conflict', detail: 'The entry changed.', current }];
    }
    if (current?.state === 'submitted') {
      return [
        409,
        { status: 409, title: 'Submitted', code: 'entry_submitted', detail: 'The entry is submitted.', current },
      ];
    }
    const entry = this.put(
      performanceId,
      request.captionKey,
      request.scores ?? current?.scores ?? [],
      request.state ?? 'draft',
      version + 1,
      JUDGE,
    );
    this.applied.push({
      performanceId,
      captionKey: request.captionKey,
      state: entry.state!,
      scores: entry.scores,
      key,
    });
    return [200, { performanceId, entry }];
  }

  private put(
    performanceId: number,
    captionKey: string,
    scores: CaptionEntry['scores'],
    state: 'draft' | 'submitted',
    version: number,
    by: Actor,
  ): CaptionEntry {
    this.clock += 60_000;
    const entry: CaptionEntry = {
      performanceId,
      captionKey,
      scores,
      state,
      version,
      by,
      at: new Date(this.clock).toISOString(),
    };
    this.entries.set(`${performanceId}/${captionKey}`, entry);
    return entry;
  }
}

const sameLines = (a: CaptionEntry['scores'], b: CaptionEntry['scores']) =>
  a.length === b.length &&
  a.every((line) => b.some((other) => other.subcaptionKey === line.subcaptionKey && other.score === line.score));

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
}
