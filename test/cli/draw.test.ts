/**
 * `draw verify --competition GUID` (issue 40): every recorded draw of the competition re-run from its record, one
 * JSON line each and a last line with ok; a record changed behind the API's back (its seed) fails with exit 1.
 * `draw verify --published URL`: the same from the published draw page of a running API, over HTTPS, as anyone can.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/api/db/database.js';
import { commitDraw } from '../../server/api/db/repositories/draws.write.js';
import { cli } from '../helpers/cli.js';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';

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

/** The command's output, a JSON value a line. */
const jsonLines = (stdout: string): Record<string, unknown>[] =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('cli draw verify', () => {
  it('re-runs every draw to its order', async () => {
    const result = await cli(['draw', 'verify', '--competition', circuit.competition.guid], { dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = jsonLines(result.stdout);
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

describe('cli draw verify --published', () => {
  let api: TestApi;
  let served: Awaited<ReturnType<typeof buildSmallCircuit>>;
  beforeAll(async () => {
    ({ api, circuit: served } = await startApiWithSmallCircuit());
    const section = { competitionId: served.competition.id, round: 1, divisionId: served.scholasticA.id };
    await commitDraw(api.services.database.db, served.org.id, { ...section, rule: 'random', seed: 4242 }, by);
    await commitDraw(api.services.database.db, served.org.id, { ...section, rule: 'random', seed: 5 }, by);
  }, 120_000);
  afterAll(() => api?.stop());
  // the test API's certificate is its own: trusted as a circuit's would be by its public one
  const published = (address: string) =>
    cli(['draw', 'verify', '--published', address], { dataDir, env: { NODE_EXTRA_CA_CERTS: api.certPath } });
  const pageOf = (guid: string) => `${api.url}/published/${served.org.guid}/draws/${guid}.htm`;

  it('re-runs every draw of the page, newest first as it lists them, with no account and no database', async () => {
    const result = await published(pageOf(served.competition.guid));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = jsonLines(result.stdout);
    expect(lines.map((line) => [line.seed, line.same])).toEqual([
      [5, true],
      [4242, true],
      [undefined, undefined],
    ]);
    expect(lines[1].section).toBe('Scholastic A · Finals (superseded by a later draw)');
    expect(lines[2]).toMatchObject({ published: pageOf(served.competition.guid), draws: 2, ok: true });
  });

  it('says in one line what is wrong with an address that is not a draw page', async () => {
    const unknown = await published(pageOf('00000000-0000-4000-8000-000000000000'));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toMatch(/answered 404: not a published draw page$/);
    const notDraws = await published(
      `${api.url}/published/${served.org.guid}/schedules/${served.competition.guid}.htm`,
    );
    expect(notDraws.stderr.trim()).toMatch(/(not a published draw page|answered \d{3})/);
    expect(notDraws.code).toBe(1);
    const notUrl = await published('draws.htm');
    expect(notUrl.code).toBe(2);
    expect(notUrl.stderr).toContain('Not a URL: draws.htm');
    const both = await cli(
      ['draw', 'verify', '--published', pageOf(served.competition.guid), '--competition', served.competition.guid],
      { dataDir },
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give one of --competition or --published');
  });
});
