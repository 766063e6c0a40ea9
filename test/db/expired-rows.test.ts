import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/api/db/migrate.js';
import { sha256Hex } from '../../server/api/auth/secrets.js';
import { newSigningKey } from '../../server/api/auth/key-ring.js';
import { startTestApi } from '../helpers/api-server.js';

/**
 * Rows whose time is over are deleted by every instance as it starts (and every ten minutes after): codes that
 * expired unredeemed, Idempotency-Keys older than a day, signing keys retired longer ago than a token lives.
 * Rows still in use stay.
 */
let dataDir: string;
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('purges expired codes, idempotency keys and retired signing keys when the API starts, and keeps live ones', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'expired-rows-'));
  // the run's migrated template database (test/global-setup.ts): opens in seconds
  await cp(process.env.TEST_PGLITE_TEMPLATE!, path.join(dataDir, 'pglite'), { recursive: true });
  let api = await startTestApi({ dataDir });
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: string | number }>(await api.services.database.db.execute(query))[0].n);
  try {
    const org = await api.createOrg('Tidy Circuit');
    const key = await api.createKey(org.guid, { redirectUris: ['https://app.example/cb'] });
    const user = await api.createUser(org.guid, 'judge@example.com', 'correct horse battery');
    const [{ id: appId }] = rowsOf<{ id: number }>(
      await api.services.database.db.execute(sql`SELECT id FROM applications WHERE client_id = ${key.clientId}`),
    );
    await api.services.database.exec(`
      INSERT INTO authorization_codes (code_hash, application_id, user_id, redirect_uri, code_challenge, expires_at) VALUES
        ('${sha256Hex('expired')}', ${appId}, ${user.id}, 'https://app.example/cb', 'c', now() - interval '1 second'),
        ('${sha256Hex('live')}', ${appId}, ${user.id}, 'https://app.example/cb', 'c', now() + interval '5 minutes');
      INSERT INTO idempotency_keys (org_id, key, request_hash, status, body, created_at) VALUES
        (${org.id}, 'old', 'h', 201, '{}', now() - interval '25 hours'),
        (${org.id}, 'recent', 'h', 201, '{}', now() - interval '23 hours');
      INSERT INTO signing_keys (kid, algorithm, public_key, retired_at) VALUES
        ('ed25519-long-gone', 'EdDSA', '${newSigningKey().publicKey}', now() - interval '3 hours'),
        ('ed25519-just-retired', 'EdDSA', '${newSigningKey().publicKey}', now() - interval '10 minutes');`);
  } finally {
    await api.stop();
  }

  api = await startTestApi({ dataDir });
  try {
    expect(
      await count(sql`SELECT count(*) AS n FROM authorization_codes WHERE code_hash = ${sha256Hex('expired')}`),
    ).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM authorization_codes WHERE code_hash = ${sha256Hex('live')}`)).toBe(
      1,
    );
    expect(await count(sql`SELECT count(*) AS n FROM idempotency_keys WHERE key = 'old'`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM idempotency_keys WHERE key = 'recent'`)).toBe(1);
    // Tokens live 7200 s by default: a key retired three hours ago verifies nothing any more.
    expect(await count(sql`SELECT count(*) AS n FROM signing_keys WHERE kid = 'ed25519-long-gone'`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM signing_keys WHERE kid = 'ed25519-just-retired'`)).toBe(1);
  } finally {
    await api.stop();
  }
});
