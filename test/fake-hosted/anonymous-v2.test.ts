/**
 * The fake hosted service follows what was found out about the real one from its public clients: v2's competitions and performances
 * answer callers without a token for an organization that allows programmatic access (`[]` when it does not),
 * and its errors are `{"Message": "..."}`. Everything else still needs its token.
 */
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRecapPages, startFakeHosted, type FakeHosted } from '../../server/fake-hosted/fake-hosted.js';

const PAGE = '2f02254a-9156-4c56-a0ad-fe4f997a6190';
let open: FakeHosted;
let closed: FakeHosted;

/** A plain GET over HTTPS, trusting the fake's certificate; the body parsed as JSON. */
function get(
  fake: FakeHosted,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = https.get(new URL(path, fake.url), { ca: readFileSync(fake.certPath), headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    request.on('error', reject);
  });
}

/** A bearer header with a token of the fake (client credentials). */
function token(fake: FakeHosted): Promise<Record<string, string>> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: fake.clientId,
    client_secret: fake.clientSecret,
  }).toString();
  return new Promise((resolve, reject) => {
    const request = https.request(
      new URL('/v3/oauth2/token', fake.url),
      {
        method: 'POST',
        ca: readFileSync(fake.certPath),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () =>
          resolve({ authorization: `Bearer ${(JSON.parse(text) as { access_token: string }).access_token}` }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

beforeAll(async () => {
  [open, closed] = await Promise.all([
    startFakeHosted({ prepare: importRecapPages([`${PAGE}.htm`]) }),
    startFakeHosted({ prepare: importRecapPages([`${PAGE}.htm`]), programmaticAccess: false }),
  ]);
}, 120_000);
afterAll(() => Promise.all([open?.stop(), closed?.stop()]));

describe('the fake hosted service without a token', () => {
  it("serves an open organization's competitions and a recap page's performances, as with a token", async () => {
    const competitions = await get(open, `/2018-03/competitions?o=${open.organization}`);
    expect(competitions.status).toBe(200);
    expect(competitions.body.map((c: { CompetitionGuid: string }) => c.CompetitionGuid)).toEqual([PAGE]);
    const performances = await get(open, `/2018-03/performances?c=${PAGE}`);
    expect(performances.status).toBe(200);
    expect(performances.body.length).toBeGreaterThan(0);
    expect(performances.body).toEqual((await get(open, `/2018-03/performances?c=${PAGE}`, await token(open))).body);
    const year = await get(open, `/2018-03/competitions?year=${competitions.body[0].Date.slice(0, 4)}`);
    expect(
      year.body.length +
        (await get(open, `/2018-03/competitions?year=${Number(competitions.body[0].Date.slice(0, 4)) + 1}`)).body
          .length,
    ).toBe(1);
  });

  it('answers [] for an organization that does not allow programmatic access', async () => {
    expect(await get(closed, `/2018-03/competitions?o=${closed.organization}`)).toEqual({ status: 200, body: [] });
    expect(await get(closed, `/2018-03/performances?c=${PAGE}`)).toEqual({ status: 200, body: [] });
  });

  it('answers errors as {"Message"}: an unknown competition, a read that needs a token', async () => {
    const unknown = await get(open, '/2018-03/performances?c=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(Object.keys(unknown.body)).toEqual(['Message']);
    expect(unknown.body.Message).toMatch(/not found/);
    for (const path of ['/v3/groups', '/v3/seasons', '/events/']) {
      const denied = await get(open, path);
      expect(denied.status, path).toBe(401);
      expect(denied.body, path).toEqual({ Message: 'Authorization has been denied for this request.' });
    }
  });
});
