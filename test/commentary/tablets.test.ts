/**
 * Tablet status: each judge's page reports itself (device, build, battery, what waits, what it records, the
 * microphone), every input bounded; the console reads every seated judge of the competition with their tablets'
 * last reports, and a tablet silent for more than a minute is flagged.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpCommentary, startCommentaryShow, type CommentaryShow } from '../helpers/commentary.js';
import type { Json } from '../api/client.js';
import { namesOf } from '../api/client.js';

let show: CommentaryShow;
beforeAll(async () => {
  show = await startCommentaryShow();
  await setUpCommentary(show);
}, 180_000);
afterAll(() => show?.api.stop());

const report = (extra: Json = {}) => ({
  deviceId: 'tablet-one-7f3a',
  device: 'Chrome 156 on Android 15',
  build: '2026.12.01-abc123',
  battery: { level: 0.42, charging: false },
  entriesWaiting: 2,
  audioWaiting: { count: 2, bytes: 3_400_000 },
  recording: { performanceId: show.encore['Bravo HS'], captionKey: 'ea', since: '2027-01-16T20:10:00.000Z' },
  microphone: 'on',
  storage: { freeBytes: 2_000_000_000, persisted: true },
  ...extra,
});
const tablets = () => show.as.tabulator.get(`/competitions/${show.circuit.competition.id}/tablets`);
const judgeOf = (body: Json, userId: number) => (body.data as Json[]).find((judge) => judge.user.id === userId)!;

describe("the judges' tablets", () => {
  it('shows each seated judge, the tablet it reported from, and what it waits to send and records', async () => {
    const sent = await show.as.judge.send('POST', '/me/tablet', report());
    expect(sent.status, sent.text).toBe(200);
    const answer = await tablets();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const judge = judgeOf(answer.body, show.userIds.judge);
    expect(judge).toMatchObject({ user: { name: 'Ann Equip' }, silent: false });
    expect(judge.seats).toEqual([
      { round: 1, divisionId: show.circuit.scholasticA.id, captionKey: 'ea' },
      { round: 2, divisionId: show.circuit.scholasticA.id, captionKey: 'ea' },
    ]);
    expect(judge.tablets).toHaveLength(1);
    expect(judge.tablets[0]).toMatchObject({
      deviceId: 'tablet-one-7f3a',
      silent: false,
      report: {
        device: 'Chrome 156 on Android 15',
        battery: { level: 0.42, charging: false },
        entriesWaiting: 2,
        audioWaiting: { count: 2, bytes: 3_400_000 },
        recording: { performanceId: show.encore['Bravo HS'], captionKey: 'ea', group: 'Bravo HS' },
        microphone: 'on',
      },
    });
    // a judge seated but never heard from is listed, silent, with no tablet
    expect(judgeOf(answer.body, show.userIds.judge2)).toMatchObject({ silent: true, tablets: [] });
  });

  it('keeps the last report of each tablet, and flags one silent for more than a minute', async () => {
    await show.as.judge.send('POST', '/me/tablet', report({ recording: null, microphone: 'off', entriesWaiting: 0 }));
    await show.as.judge.send('POST', '/me/tablet', report({ deviceId: 'tablet-two-0c1d', battery: null }));
    let judge = judgeOf((await tablets()).body, show.userIds.judge);
    expect(judge.tablets).toHaveLength(2);
    const one = judge.tablets.find((tablet: Json) => tablet.deviceId === 'tablet-one-7f3a');
    expect(one.report).toMatchObject({ recording: null, microphone: 'off', entriesWaiting: 0 });
    await show.api.services.database.db.execute(
      sql`UPDATE tablet_reports SET last_seen_at = now() - interval '2 minutes' WHERE device_id = 'tablet-one-7f3a'`,
    );
    judge = judgeOf((await tablets()).body, show.userIds.judge);
    expect(judge.tablets.map((tablet: Json) => [tablet.deviceId, tablet.silent])).toEqual([
      ['tablet-two-0c1d', false],
      ['tablet-one-7f3a', true],
    ]);
    expect(judge.silent).toBe(false);
  });

  it('bounds every input and names the field, and takes reports from signed-in judges only', async () => {
    for (const [field, extra] of [
      ['device', { device: 'x'.repeat(121) }],
      ['battery.level', { battery: { level: 2, charging: false } }],
      ['entriesWaiting', { entriesWaiting: -1 }],
      ['audioWaiting.bytes', { audioWaiting: { count: 1, bytes: 1e15 } }],
      ['microphone', { microphone: 'loud' }],
      ['recording.since', { recording: { performanceId: 1, captionKey: 'ea', since: 'yesterday' } }],
      ['deviceId', { deviceId: 'short' }],
      ['extra', { extra: true }],
    ] as const) {
      const refused = await show.as.judge.send('POST', '/me/tablet', report(extra));
      expect(refused.status, field).toBe(400);
      expect(namesOf(refused).join(' '), field).toContain(field.split('.')[0]);
    }
    expect(
      (
        await show.as.judge.send('POST', '/me/tablet', 'device=x', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(415);
    const key = await show.key.send('POST', '/me/tablet', report());
    expect(key.status).toBe(422);
    expect(key.body.code).toBe('user_required');
    expect((await show.as.chief.send('POST', '/me/tablet', report())).status).toBe(403);
    expect((await show.as.judge.get(`/competitions/${show.circuit.competition.id}/tablets`)).status).toBe(403);
    expect((await show.as.chief.get(`/competitions/${show.circuit.competition.id}/tablets`)).status).toBe(200);
  });

  it('drops no cached read: a heartbeat changes nothing the cached reads show', async () => {
    const { cache } = show.api.services;
    const path = `/competitions/${show.circuit.competition.id}/schedule`;
    await show.key.get(path);
    const warm = cache.stats();
    await show.as.judge.send('POST', '/me/tablet', report());
    await show.key.get(path);
    expect(cache.stats().hits).toBe(warm.hits + 1);
    expect(cache.stats().misses).toBe(warm.misses);
  });
});
