/**
 * Bad input is a 400 naming the field, never a 500 from the database. Integers are bounded to
 * what the database holds, dates are real calendar dates, text never carries NUL, and write bodies are objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { apiClient, namesOf, type Answer } from './client.js';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let client: ReturnType<typeof apiClient>;

beforeAll(async () => {
  let auth: Record<string, string>;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  client = apiClient(api.inProcess, auth);
});
afterAll(() => api?.stop());

function expectRefused(answer: Answer, name: string, where: string) {
  expect(answer.status, `${name}: ${answer.text}`).toBe(400);
  expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(namesOf(answer)).toEqual([name]);
  expect(answer.body.errors[0].in).toBe(where);
}

describe('integers beyond what the database holds', () => {
  it('refuses 2147483648 in every integer query parameter of the reads, v4 and v3', async () => {
    const g = circuit.groups['Alpha HS'].id;
    const cases: [string, string][] = [
      ['/events/', 'seasonId'],
      ['/events/', 'eventTypeId'],
      ['/events/', 'limit'],
      ['/events/', 'offset'],
      ['/v3/events', 'seasonId'],
      ['/v3/events', 'eventTypeId'],
      ['/groups/', 'seasonId'],
      ['/groups/', 'divisionId'],
      ['/groups/', 'groupTypeId'],
      ['/v3/groups', 'seasonId'],
      ['/divisions/', 'groupTypeId'],
      ['/v3/divisions', 'groupTypeId'],
      ['/standings/', 'seasonId'],
      ['/standings/', 'divisionId'],
      [`/groups/${g}/performances`, 'seasonId'],
      [`/v3/groups/${g}/events`, 'offset'],
      ['/2018-03/competitions', 'year'],
      ['/2018-03/groups', 'year'],
    ];
    for (const [path, name] of cases) {
      for (const value of ['2147483648', '99999999999999999999', '-1', '1.5']) {
        expectRefused(await client.get(`${path}?${name}=${value}`), name, 'query');
      }
    }
  });

  it('refuses it in path parameters and write bodies', async () => {
    expectRefused(await client.get('/events/2147483648'), 'eventId', 'path');
    expectRefused(await client.get('/v3/seasons/2147483648'), 'seasonId', 'path');
    expectRefused(
      await client.send('POST', '/events/', {
        seasonId: 2147483648,
        name: 'X',
        eventTypeId: 1,
        startDate: '2027-03-06',
      }),
      'seasonId',
      'body',
    );
    expectRefused(
      await client.send('POST', '/events/', {
        seasonId: circuit.season.id,
        name: 'X',
        eventTypeId: 2147483648,
        startDate: '2027-03-06',
      }),
      'eventTypeId',
      'body',
    );
    expectRefused(
      await client.send('POST', `/competitions/${circuit.competition.id}/performances`, {
        groupId: circuit.groups['Alpha HS'].id,
        divisionId: 2147483648,
      }),
      'divisionId',
      'body',
    );
    expectRefused(await client.form('/groups/', { name: 'X', divisionId: '2147483648' }), 'divisionId', 'body');
  });
});

describe('calendar dates', () => {
  it('refuses dates that do not exist instead of rolling them over', async () => {
    for (const date of ['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01']) {
      expectRefused(await client.get(`/events/?from=${date}`), 'from', 'query');
      expectRefused(await client.get(`/v3/events?to=${date}`), 'to', 'query');
      expectRefused(
        await client.send('POST', '/events/', {
          seasonId: circuit.season.id,
          name: 'X',
          eventTypeId: 1,
          startDate: date,
        }),
        'startDate',
        'body',
      );
    }
    const leapDay = await client.get('/events/?from=2028-02-29');
    expect(leapDay.status).toBe(200);
  });

  it('refuses timestamps with a date or time that does not exist', async () => {
    for (const date of [
      '2027-02-30T10:00:00Z',
      '2027-02-28T24:00:00Z',
      '2027-02-28T10:60:00Z',
      '2027-02-28T10:00:61Z',
      '2027-02-28T10:00:00+25:00',
    ]) {
      expectRefused(
        await client.send('POST', `/events/${circuit.event.id}/competitions`, { name: 'X', date, groupTypeId: 1 }),
        'date',
        'body',
      );
    }
    expectRefused(
      await client.send('POST', `/competitions/${circuit.competition.id}/performances`, {
        groupId: circuit.groups['Alpha HS'].id,
        divisionId: circuit.scholasticA.id,
        time: '2027-02-29T10:00:00Z',
      }),
      'time',
      'body',
    );
  });
});

describe('NUL characters', () => {
  it('refuses NUL in search text', async () => {
    for (const path of ['/events/', '/groups/', '/v3/events', '/v3/groups']) {
      expectRefused(await client.get(`${path}?q=%00`), 'q', 'query');
      expectRefused(await client.get(`${path}?q=Alpha%00HS`), 'q', 'query');
    }
  });

  it('refuses NUL in any text of a write, form or JSON', async () => {
    const groupId = circuit.groups['Alpha HS'].id;
    expectRefused(
      await client.form('/groups/', { name: '\u0000', divisionId: String(circuit.scholasticA.id) }),
      'name',
      'body',
    );
    expectRefused(await client.form(`/groups/${groupId}`, { name: 'Alpha\u0000HS' }), 'name', 'body');
    expectRefused(await client.send('POST', `/groups/${groupId}`, { location: 'Austin\u0000' }), 'location', 'body');
    expectRefused(
      await client.send('POST', '/events/', {
        seasonId: circuit.season.id,
        name: 'X\u0000',
        eventTypeId: 1,
        startDate: '2027-03-06',
      }),
      'name',
      'body',
    );
    expectRefused(
      await client.send('POST', `/performances/${circuit.performances['Alpha HS']}/penalties`, {
        penalties: [{ amount: 1, reason: 'Timing\u0000' }],
      }),
      'penalties.0.reason',
      'body',
    );
    expect((await client.get(`/groups/${groupId}`)).body.name).toBe('Alpha HS');
  });
});

describe('write bodies that are not objects', () => {
  it('refuses a JSON body of 1, true, "x", null or a list with 400, on penalties and every other write', async () => {
    const performanceId = circuit.performances['Alpha HS'];
    for (const path of [
      `/performances/${performanceId}/penalties`,
      `/performances/${performanceId}/scores`,
      '/groups/',
      '/events/',
    ]) {
      for (const body of ['1', 'true', '"x"', 'null', '[]', '[{"amount": 1}]']) {
        expectRefused(await client.send('POST', path, body), 'body', 'body');
      }
    }
  });
});
