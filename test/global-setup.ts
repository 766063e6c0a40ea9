/**
 * Creating an embedded database costs ~10 s on this machine (PGlite's initdb); reopening one ~2 s. Build one
 * migrated database per test run and let every test server start from a copy of it (test/helpers/api-server.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/api/db/database.js';

export default async function setup() {
  // the server and server-alone projects (vitest.config.ts) both name this file: the first builds the template
  if (process.env.TEST_PGLITE_TEMPLATE) return () => {};
  const template = mkdtempSync(path.join(os.tmpdir(), 'api-test-template-'));
  const database = await openDatabase({ dataDir: template });
  await database.close();
  process.env.TEST_PGLITE_TEMPLATE = path.join(template, 'pglite');
  return () => rmSync(template, { recursive: true, force: true });
}
