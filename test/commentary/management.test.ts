/**
 * Checking commentary as a tabulator does: a competition's commentary per performance and caption with its state,
 * verify (a verified file is not replaced by a later upload without a reason), move a mis-filed one, clear one, the
 * upload history of each, the marks of the typed numbers, and every action in the audit trail (hash chain) with who
 * and why.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, setUpCommentary, startCommentaryShow, type CommentaryShow } from '../helpers/commentary.js';
import type { Json } from '../api/client.js';
import { verifyAuditChain } from '../../server/api/db/repositories/audit-log.js';

let show: CommentaryShow;
const list = (query = '') => show.as.tabulator.get(`/competitions/${show.circuit.competition.id}/commentary${query}`);
const slotOf = (body: Json, performanceId: number, captionKey: string) =>
  (body.data as Json[]).find((item) => item.performance.id === performanceId && item.caption.key === captionKey)!;

beforeAll(async () => {
  show = await startCommentaryShow();
  await setUpCommentary(show);
}, 180_000);
afterAll(() => show?.api.stop());

describe("a competition's commentary", () => {
  it('lists every performance and caption with its judges and state: none, recording, uploaded, verified', async () => {
    const performanceId = show.encore['Bravo HS'];
    const before = await list('?round=2');
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('private, no-store');
    const empty = slotOf(before.body, performanceId, 'ea');
    expect(empty).toMatchObject({
      state: 'none',
      current: null,
      recordingNow: false,
      recordings: 0,
      judges: [{ firstName: 'Ann', lastName: 'Equip', userId: show.userIds.judge }],
      caption: { key: 'ea', name: 'Equipment Analysis' },
      round: { number: 2, name: 'Encore' },
    });
    // every caption of the sheet, for every performance of the round
    expect(new Set((before.body.data as Json[]).map((item) => item.caption.key)).size).toBe(5);
    expect(before.body.sections).toEqual([
      {
        round: { number: 2, name: 'Encore' },
        division: { id: show.circuit.scholasticA.id, name: 'Scholastic A' },
        release: 'with-scores',
        released: false,
        scoresReleased: false,
      },
    ]);
    const started = await show.as.judge.send('POST', `/performances/${performanceId}/commentary`, {
      captionKey: 'ea',
      contentType: 'audio/webm',
    });
    expect(slotOf((await list('?round=2&captionKey=ea')).body, performanceId, 'ea')).toMatchObject({
      state: 'recording',
      recordingNow: true,
    });
    const finished = await record(show.as.judge, { performanceId, captionKey: 'ea', segments: ['chromium-6s.webm'] });
    const uploaded = slotOf((await list('?round=2')).body, performanceId, 'ea');
    expect(uploaded).toMatchObject({ state: 'uploaded', recordingNow: true, recordings: 2 });
    expect(uploaded.current).toMatchObject({ id: finished.body.id, current: true, state: 'uploaded' });
    const verified = await show.as.tabulator.send('POST', `/commentary/recordings/${finished.body.id}/verify`, {});
    expect(verified.status).toBe(200);
    expect(verified.body.verified.by).toMatchObject({ kind: 'user', name: 'Tess Tab' });
    expect(slotOf((await list('?round=2')).body, performanceId, 'ea').state).toBe('verified');
    // the chief judge may listen (list, hear), not manage
    expect((await show.as.chief.get(`/competitions/${show.circuit.competition.id}/commentary`)).status).toBe(200);
    const chief = await show.as.chief.send('POST', `/commentary/recordings/${finished.body.id}/verify`, {});
    expect(chief.status).toBe(403);
    expect(started.status).toBe(201);
  });

  it('keeps a later upload beside a verified one unless it says why; a move makes it the one heard', async () => {
    const performanceId = show.encore['Charlie HS'];
    const first = await record(show.as.judge, { performanceId, captionKey: 'ea', segments: ['chromium-6s.webm'] });
    await show.as.tabulator.send('POST', `/commentary/recordings/${first.body.id}/verify`, { verified: true });
    const later = await record(show.as.judge, { performanceId, captionKey: 'ea', segments: ['chromium-4s.webm'] });
    expect(later.status).toBe(200);
    expect(later.body.current).toBe(false);
    expect(slotOf((await list('?round=2')).body, performanceId, 'ea').current.id).toBe(first.body.id);
    // a tabulator uploading a file for the judge, with a reason, replaces the verified one
    const replacing = await record(show.as.tabulator, {
      performanceId,
      captionKey: 'ea',
      segments: ['chromium-4s.mp4'],
      reason: 'the judge recorded on a phone; this is the whole tape',
    });
    expect(replacing.body.current).toBe(true);
    expect(replacing.body.by.name).toBe('Tess Tab');
    // and the judge's later one is made the one heard by a move to its own place
    const chosen = await show.as.tabulator.send('POST', `/commentary/recordings/${later.body.id}/move`, {
      performanceId,
      captionKey: 'ea',
      reason: 'the judge re-recorded after the verify',
    });
    expect(chosen.status).toBe(200);
    expect(slotOf((await list('?round=2')).body, performanceId, 'ea').current.id).toBe(later.body.id);
  });

  it('moves a mis-filed recording to the right group and caption, with its marks; clears one with a reason', async () => {
    const wrong = show.encore['Bravo HS'];
    const right = show.encore['Charlie HS'];
    const key = randomUUID();
    // a typed number and a tapped mark while recording, sent with the entry and on their own
    const entry = await show.as.judge2.send('POST', `/performances/${wrong}/scores`, {
      captionKey: 'ma',
      scores: { voc: 70 },
      marks: [{ recordingKey: key, offsetMs: 2_130, subcaptionKey: 'voc', score: 70 }],
    });
    expect(entry.status, entry.text).toBe(200);
    expect(
      (
        await show.as.judge2.send('POST', `/performances/${wrong}/commentary/marks`, {
          captionKey: 'ma',
          marks: [
            { recordingKey: key, offsetMs: 4_000 },
            { recordingKey: key, offsetMs: 2_130, subcaptionKey: 'voc', score: 70 },
          ],
        })
      ).status,
    ).toBe(200);
    const badMark = await show.as.judge2.send('POST', `/performances/${wrong}/commentary/marks`, {
      captionKey: 'ma',
      marks: [{ recordingKey: key, offsetMs: 1, subcaptionKey: 'voc', score: 101 }],
    });
    expect(badMark.status).toBe(422);
    expect(badMark.body.errors[0].name).toBe('marks[0].score');
    const misfiled = await record(show.as.judge2, {
      performanceId: wrong,
      captionKey: 'ma',
      segments: ['chromium-6s.webm'],
      key,
    });
    const moved = await show.as.tabulator.send('POST', `/commentary/recordings/${misfiled.body.id}/move`, {
      performanceId: right,
      captionKey: 'ma',
      reason: 'recorded under Bravo, it is Charlie',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({
      performanceId: right,
      captionKey: 'ma',
      current: true,
      recordedFor: { performanceId: wrong, captionKey: 'ma' },
      verified: null,
    });
    const detail = await show.as.tabulator.get(`/commentary/recordings/${misfiled.body.id}`);
    expect(detail.body.group.name).toBe('Charlie HS');
    expect(detail.body.marks).toEqual([
      { offsetMs: 2_130, subcaptionKey: 'voc', subcaptionName: 'Voc', score: 70 },
      { offsetMs: 4_000, subcaptionKey: null, subcaptionName: null, score: null },
    ]);
    expect(slotOf((await list('?round=2')).body, wrong, 'ma').state).toBe('none');
    const outside = await show.as.tabulator.send('POST', `/commentary/recordings/${misfiled.body.id}/move`, {
      performanceId: show.performances['Alpha HS'],
      captionKey: 'nope',
      reason: 'x',
    });
    expect(outside.status).toBe(422);
    const noReason = await show.as.tabulator.send('POST', `/commentary/recordings/${misfiled.body.id}/clear`, {});
    expect(noReason.status).toBe(400);
    const cleared = await show.as.tabulator.send('POST', `/commentary/recordings/${misfiled.body.id}/clear`, {
      reason: 'the judge spoke about another group',
    });
    expect(cleared.body).toMatchObject({ current: false, cleared: { reason: 'the judge spoke about another group' } });
    expect(slotOf((await list('?round=2')).body, right, 'ma').state).toBe('none');

    const history = await show.as.tabulator.get(`/performances/${wrong}/commentary`);
    const tape = (history.body.data as Json[]).find((recording) => recording.id === misfiled.body.id)!;
    expect(tape.history.map((entry: Json) => [entry.action, entry.by.name, entry.reason])).toEqual([
      ['commentary.upload', 'Max Move', null],
      ['commentary.move', 'Tess Tab', 'recorded under Bravo, it is Charlie'],
      ['commentary.clear', 'Tess Tab', 'the judge spoke about another group'],
    ]);
  });

  it('puts every action into the audit trail, whose chain stays whole', async () => {
    const trail = await show.key.get(`/audit/?competitionId=${show.circuit.competition.id}`);
    const actions = (trail.body.data as Json[]).filter((entry) => entry.action.startsWith('commentary.'));
    expect(new Set(actions.map((entry) => entry.action))).toEqual(
      new Set(['commentary.upload', 'commentary.verify', 'commentary.move', 'commentary.clear']),
    );
    const move = actions.find((entry) => entry.action === 'commentary.move')!;
    expect(move.before).toMatchObject({ current: false, verified: false });
    expect(move.after).toMatchObject({ current: true });
    const check = await verifyAuditChain(show.api.services.database.db, show.circuit.org.id);
    expect(check.ok).toBe(true);
  });
});
