import https from 'node:https';
import { readFileSync } from 'node:fs';
import type { StackState } from './stack-state';

/**
 * The API as a score-entry client uses it: HTTPS straight to the API (trusting only its generated certificate),
 * a client-credentials token from the stack's score-entry key, JSON bodies. Any answer other than the expected
 * status throws with the problem body, so a refused write fails the test where it happened.
 */
export interface ScoreEntryClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown, expectedStatus?: number): Promise<T>;
  delete(path: string): Promise<void>;
  /** raw bytes (a commentary upload's append, PATCH with its offset headers) */
  sendBytes(
    method: string,
    path: string,
    bytes: Buffer,
    headers: Record<string, string>,
    expectedStatus: number,
  ): Promise<void>;
}

interface Answer {
  status: number;
  text: string;
}

function send(
  url: URL,
  ca: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method, headers, ca, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

export async function scoreEntryClient(
  stack: StackState & { scoreEntry: { clientId: string; clientSecret: string } },
): Promise<ScoreEntryClient> {
  const ca = readFileSync(stack.caFile, 'utf8');
  const at = (path: string) => new URL(path, stack.apiURL);
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: stack.scoreEntry.clientId,
    client_secret: stack.scoreEntry.clientSecret,
  });
  const tokenAnswer = await send(
    at('/v3/oauth2/token'),
    ca,
    'POST',
    { 'content-type': 'application/x-www-form-urlencoded' },
    form.toString(),
  );
  if (tokenAnswer.status !== 200) throw new Error(`token request answered ${tokenAnswer.status}: ${tokenAnswer.text}`);
  const authorization = `Bearer ${(JSON.parse(tokenAnswer.text) as { access_token: string }).access_token}`;

  const call = async (
    method: string,
    path: string,
    expectedStatus: number,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<string> => {
    const headers: Record<string, string> = {
      authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extraHeaders,
    };
    const answer = await send(at(path), ca, method, headers, body === undefined ? undefined : JSON.stringify(body));
    if (answer.status !== expectedStatus)
      throw new Error(`${method} ${path} answered ${answer.status} (expected ${expectedStatus}): ${answer.text}`);
    return answer.text;
  };
  return {
    get: async (path) => JSON.parse(await call('GET', path, 200)),
    post: async (path, body, expectedStatus = 200) => JSON.parse(await call('POST', path, expectedStatus, body)),
    // a scored performance is deleted only with a reason (the audit trail's header)
    delete: async (path) =>
      void (await call('DELETE', path, 204, undefined, { 'x-audit-reason': 'end-to-end run cleaned up' })),
    sendBytes: async (method, path, bytes, headers, expectedStatus) => {
      const answer = await send(at(path), ca, method, { authorization, ...headers }, bytes);
      if (answer.status !== expectedStatus)
        throw new Error(`${method} ${path} answered ${answer.status} (expected ${expectedStatus}): ${answer.text}`);
    },
  };
}

/** A group entered in a competition: the group as the API made it and its performance in the running order. */
export interface EnteredGroup {
  name: string;
  circuitId: string;
  performanceId: number;
}

/**
 * New groups `${short} ${run} HS` of a division, each entered in round 1 of the competition in the order given, as
 * the tabulation room registers a show (the live show's and the judge's tablet's set-up).
 */
export async function enterGroups(
  scoreEntry: ScoreEntryClient,
  input: { competitionId: number; divisionId: number; run: string; shorts: readonly string[] },
): Promise<EnteredGroup[]> {
  const entered: EnteredGroup[] = [];
  for (const [order, short] of input.shorts.entries()) {
    const group = await scoreEntry.post<{ id: number; name: string; circuitId: string }>(
      '/groups/',
      { name: `${short} ${input.run} HS`, divisionId: input.divisionId, location: 'Round Rock, TX' },
      201,
    );
    const performance = await scoreEntry.post<{ id: number }>(
      `/competitions/${input.competitionId}/performances`,
      { groupId: group.id, divisionId: input.divisionId, round: 1, order: order + 1 },
      201,
    );
    entered.push({ name: group.name, circuitId: group.circuitId, performanceId: performance.id });
  }
  return entered;
}
