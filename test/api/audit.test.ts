/**
 * The audit trail over the real HTTPS server: every write appended with who, when, what (before and after) and
 * why; the hash chain checked here by an independent reading of the rule (decision 062); concurrent writes that
 * do not fork it; GET /audit/'s filters and permission; and `audit verify` finding a row changed or deleted by hand.
 */
import { createHash } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { cli } from '../helpers/cli.js';
import { apiClient, type Json } from './client.js';
import { openDatabase } from '../../server/api/db/database.js';
import { verifyAuditChain } from '../../server/api/db/repositories/audit-log.js';

const PASSWORD = 'a long enough password';

let dataDir: string;
let api: TestApi | undefined;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let key: ReturnType<typeof apiClient>;
let tabulator: ReturnType<typeof apiClient>;
let tabulatorId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'audit-test-'));
  if (process.env.TEST_PGLITE_TEMPLATE)
    await cp(process.env.TEST_PGLITE_TEMPLATE, path.join(dataDir, 'pglite'), { recursive: true });
  api = await startTestApi({ dataDir });
  circuit = await buildSmallCircuit(api.services.database.db);
  const script = await api.createKey(circuit.org.guid, { name: 'Results script' });
  key = apiClient(api, { authorization: `Bearer ${await api.token(script.clientId, script.clientSecret)}` });
  const app = await api.createKey(circuit.org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  tabulatorId = (await api.createUser(circuit.org.guid, 'tab@circuit.example', PASSWORD, { role: 'tabulator' })).id;
  await api.services.database.db.execute(
    sql`UPDATE users SET first_name = 'Tess', last_name = 'Tab' WHERE id = ${tabulatorId}`,
  );
  const token = await userToken(api, app, 'tab@circuit.example', PASSWORD);
  tabulator = apiClient(api, { authorization: `Bearer ${token}` });
}, 120_000);
afterAll(async () => {
  await api?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The rule, written again from the decision record: SHA-256 hex of the entry's JSON with sorted keys, less hash. */
function expectedHash(entry: Json): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, sorted((value as Json)[k])]),
          )
        : value;
  const { hash: _, ...rest } = entry;
  return createHash('sha256')
    .update(JSON.stringify(sorted(rest)))
    .digest('hex');
}

function expectChain(entries: Json[]) {
  entries.forEach((entry, index) => {
    expect(entry.seq).toBe(index + 1);
    expect(entry.previousHash).toBe(index === 0 ? '0'.repeat(64) : entries[index - 1].hash);
    expect(entry.hash).toBe(expectedHash(entry));
  });
}

describe('every write is in the audit trail', () => {
  it('records who, when, what before and after, and why, each entry chained to the one before', async () => {
    const started = Date.now();
    const performanceId = circuit.performances['Alpha HS'];
    const created = await tabulator.send(
      'POST',
      '/groups/',
      { name: 'Audited HS', divisionId: circuit.scholasticA.id, location: 'Waco, TX' },
      { 'x-audit-reason': 'late registration' },
    );
    expect(created.status).toBe(201);
    expect((await key.send('POST', `/groups/${created.body.id}`, { location: 'Temple, TX' })).status).toBe(200);
    const scores = await tabulator.send(
      'POST',
      `/performances/${performanceId}/scores`,
      { captionKey: 'ea', scores: { voc: 81, exc: 79 } },
      { 'x-audit-reason': 'judge misread the sheet' },
    );
    expect(scores.status).toBe(200);
    // round 1 is released: a penalty there is a correction, which needs its reason (decision 083)
    expect(
      (
        await key.send(
          'POST',
          `/performances/${performanceId}/penalties`,
          { penalties: [{ amount: 0.2 }] },
          { 'x-audit-reason': 'boundary' },
        )
      ).status,
    ).toBe(200);
    // it has scores: deleting it needs a reason (issue 26)
    expect((await key.send('DELETE', `/performances/${circuit.encorePerformanceId}`)).status).toBe(422);
    expect(
      (
        await key.send('DELETE', `/performances/${circuit.encorePerformanceId}`, undefined, {
          'x-audit-reason': 'withdrew after warm-up',
        })
      ).status,
    ).toBe(204);
    // a write that fails leaves nothing
    expect(
      (await key.send('POST', `/performances/${performanceId}/scores`, { captionKey: 'zz', scores: { a: 1 } })).status,
    ).toBe(422);

    const trail = await key.get('/audit/');
    expect(trail.status).toBe(200);
    const entries = trail.body.data as Json[];
    expect(entries.map((e) => e.action)).toEqual([
      'group.create',
      'group.update',
      'performance.enter-scores',
      'performance.set-penalties',
      'performance.delete',
    ]);
    expectChain(entries);
    const [create, update, enter, penalty, deletion] = entries;
    expect(create).toMatchObject({
      actor: { kind: 'user', id: String(tabulatorId), name: 'Tess Tab' },
      resource: { type: 'group', id: String(created.body.id) },
      before: null,
      after: { name: 'Audited HS', location: 'Waco, TX', divisionId: circuit.scholasticA.id, active: true },
      reason: 'late registration',
    });
    expect(Date.parse(create.at)).toBeGreaterThanOrEqual(started - 1000);
    expect(update).toMatchObject({
      actor: { kind: 'key', name: 'Results script' },
      before: { location: 'Waco, TX' },
      after: { location: 'Temple, TX' },
      reason: null,
    });
    const ea = (state: Json) =>
      Object.fromEntries(
        state.scores.filter((s: Json) => s.captionKey === 'ea').map((s: Json) => [s.subcaptionKey, s.score]),
      );
    expect(ea(enter.before)).toEqual({ voc: 80, exc: 78 });
    expect(ea(enter.after)).toEqual({ voc: 81, exc: 79 });
    expect(enter.reason).toBe('judge misread the sheet');
    expect(penalty.before.penalties).toEqual([]);
    expect(penalty.after.penalties).toEqual([{ amount: 0.2, reason: '' }]);
    expect(deletion).toMatchObject({
      resource: { type: 'performance', id: String(circuit.encorePerformanceId) },
      after: null,
      reason: 'withdrew after warm-up',
    });
    expect(deletion.before.scores.length).toBeGreaterThan(0);
  });

  it('filters by competition and pages by seq; only the roles that may read it do', async () => {
    const all = (await key.get('/audit/')).body.data as Json[];
    const ofCompetition = (await key.get(`/audit/?competitionId=${circuit.competition.id}`)).body.data as Json[];
    expect(ofCompetition.map((e) => e.action)).toEqual([
      'performance.enter-scores',
      'performance.set-penalties',
      'performance.delete',
    ]);
    const since = (await key.get(`/audit/?since=${all[1].seq}`)).body.data as Json[];
    expect(since.map((e) => e.seq)).toEqual(all.slice(2).map((e) => e.seq));
    expect((await key.get('/audit/?since=abc')).status).toBe(400);
    expect((await key.get('/audit/?competitionId=0')).status).toBe(400);
  });

  it('keeps one chain under concurrent writes: the organization lock orders the appends', async () => {
    const before = ((await key.get('/audit/')).body.data as Json[]).length;
    const groupId = circuit.groups['Bravo HS'].id;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? key : tabulator).send('POST', `/groups/${groupId}`, { location: `Town ${i}, TX` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const entries = (await key.get('/audit/')).body.data as Json[];
    expect(entries.length).toBe(before + 12);
    expectChain(entries);
    // each entry's before is the previous entry's after: the writes were applied one after the other
    const updates = entries.slice(before);
    for (let i = 1; i < updates.length; i++) expect(updates[i].before).toEqual(updates[i - 1].after);
  });
});

describe('audit verify', () => {
  it('passes on the untouched chain, and finds a row changed by hand, a row deleted, and a last row deleted', async () => {
    const organization = circuit.org.guid;
    const count = ((await key.get('/audit/')).body.data as Json[]).length;
    await api!.stop();
    api = undefined;

    const ok = await cli(['audit', 'verify', '--org', organization], { dataDir });
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ organization, entries: count, ok: true });

    const database = await openDatabase({ dataDir });
    const { db } = database;
    const orgId = circuit.org.id;
    try {
      await db.execute(
        sql`UPDATE audit_entries SET after = jsonb_set(after, '{location}', '"Elsewhere, TX"') WHERE org_id = ${orgId} AND seq = 2`,
      );
    } finally {
      await database.close();
    }
    const changed = await cli(['audit', 'verify', '--org', organization], { dataDir });
    expect(changed.code).toBe(1);
    const report = JSON.parse(changed.stdout);
    expect(report).toMatchObject({ organization, ok: false, firstMismatch: { seq: 2 } });
    expect(report.firstMismatch.problem).toMatch(/do not match its hash/);
    expect(changed.stderr).toContain('does not verify at entry 2');

    const again = await openDatabase({ dataDir });
    try {
      // put entry 2 back (its hash says what it was), then delete entry 3, then the last entry
      await again.db.execute(
        sql`UPDATE audit_entries SET after = jsonb_set(after, '{location}', '"Temple, TX"') WHERE org_id = ${orgId} AND seq = 2`,
      );
      expect(await verifyAuditChain(again.db, orgId)).toEqual({ ok: true, entries: count });
      await again.db.execute(sql`DELETE FROM audit_entries WHERE org_id = ${orgId} AND seq = 3`);
      expect(await verifyAuditChain(again.db, orgId)).toMatchObject({ ok: false, firstMismatch: { seq: 3 } });
      await again.db.execute(sql`DELETE FROM audit_entries WHERE org_id = ${orgId} AND seq > 3`);
      // entries 1..2 are intact, but the head says the chain went on: deleted at its end
      const tail = await verifyAuditChain(again.db, orgId);
      expect(tail).toMatchObject({ ok: false, firstMismatch: { seq: 3 } });
      if (!tail.ok) expect(tail.firstMismatch.problem).toMatch(/later entries were deleted/);
    } finally {
      await again.close();
    }
  }, 120_000);
});
