/**
 * `draw verify --competition GUID` (issue 40): every recorded draw of the competition re-run from its record, one
 * JSON line each and a last line with ok; a record changed behind the API's back (its seed) fails with exit 1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/api/db/database.js';
import { commitDraw } from '../../server/api/db/repositories/draws.write.js';
import { cli } from '../helpers/cli.js';
import { buildSmallCircuit } from '../helpers/small-circuit.js';

let dataDir: string;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
const by = { kind: 'user' as const, id: '1', name: 'Tess Tab' };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cli-draw-'));
  const database = await openDatabase({ dataDir });
  circuit = await buildSmallCircuit(database.db);
  const section = { competitionId: circuit.competition.id, round: 1, divisionId: circuit.scholasticA.id };
  await commitDraw(database.db, circuit.org.id, { ...section, rule: 'random', seed: 77 }, by);
  await commitDraw(database.db, circuit.org.id, { ...section, rule: 'reverse-score' }, by);
  await database.close();
}, 120_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('cli draw verify', () => {
  it('re-runs every draw to its order', async () => {
    const result = await cli(['draw', 'verify', '--competition', circuit.competition.guid], { dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.rule, line.same])).toEqual([
      ['random', true],
      ['reverse-score', true],
      [undefined, undefined],
    ]);
    expect(lines[0]).toMatchObject({ division: 'Scholastic A', round: 1, seed: 77 });
    expect(lines[2]).toEqual({ competition: circuit.competition.guid, name: 'Color Guard', draws: 2, ok: true });
  });

  it('fails, naming the draw, when a record no longer gives its order', async () => {
    const database = await openDatabase({ dataDir });
    // a seed changed by hand in the database: the recorded order is not what the record now draws
    await database.db.execute(
      sql`UPDATE draws SET record = jsonb_set(record, '{input,seed}', '78') WHERE id = (SELECT min(id) FROM draws)`,
    );
    await database.close();
    const result = await cli(['draw', 'verify', '--competition', circuit.competition.guid], { dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('These draws do not re-run to their order: Scholastic A Finals');
    const first = JSON.parse(result.stdout.split('\n')[0]);
    expect(first).toMatchObject({ rule: 'random', seed: 78, same: false });
  });

  it('refuses a malformed or unknown competition in one line', async () => {
    const malformed = await cli(['draw', 'verify', '--competition', 'nope'], { dataDir });
    expect(malformed.code).toBe(2);
    const unknown = await cli(['draw', 'verify', '--competition', '00000000-0000-4000-8000-000000000000'], {
      dataDir,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No competition with guid 00000000-0000-4000-8000-000000000000');
  });
});
