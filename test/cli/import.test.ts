import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../helpers/api-server.js';
import { cli } from '../helpers/cli.js';

/**
 * `cli import` as someone moving an archive uses it: real processes on a real embedded database, pages from
 * test/fixtures/recaps/ (see its SOURCE.md) copied into a folder with a file that is no recap page.
 */
const FIXTURES = path.resolve('test/fixtures/recaps');
const PAGES = {
  /** TCGC 2014, two sections */
  plain: '0fd7d2ff-dbbe-4f32-ac44-c3bab5edfd1d.htm.gz',
  /** WGASC, rounding that carries exact numbers */
  wgasc: '2a805236-9d75-4b96-a2dc-4f557f241c78.htm.gz',
  /** prints no date */
  dateless: '577711de-7972-4144-8748-3f31c910217b.htm.gz',
  /** publishes no scores at all: refused */
  refused: '5142ab0e-01eb-4e70-8314-2ac30b6936a4.htm.gz',
  /** given ungzipped, as a .htm */
  html: '3f14789d-43c8-4000-b872-e712f040e847.htm',
};

/** the real CLI, in its own process, on this test's embedded database */
const run = (args: string[], dataDir: string) => cli(args, { dataDir });

interface Summary {
  organization: string;
  imported: { file: string; date: string; competitionId: number; sections: number; performances: number }[];
  skipped: { file: string; reason: string }[];
  refused: { file: string; reason: string }[];
}

const names = (entries: { file: string }[]) => entries.map((entry) => path.basename(entry.file)).sort();

let workDir: string;
let dataDir: string;
let folder: string;
let org: string;
const datelessPath = () => path.join(folder, 'pages', PAGES.dateless);

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'cli-import-'));
  dataDir = path.join(workDir, 'data');
  folder = path.join(workDir, 'archive');
  await mkdir(folder);
  for (const page of [PAGES.plain, PAGES.wgasc, PAGES.refused])
    await copyFile(path.join(FIXTURES, page), path.join(folder, page));
  // an archive keeps its pages in a subfolder beside its index (shared/data/recap-archive/pages): a folder's
  // subfolders are read too
  await mkdir(path.join(folder, 'pages'));
  await copyFile(path.join(FIXTURES, PAGES.dateless), datelessPath());
  await writeFile(path.join(folder, PAGES.html), gunzipSync(readFileSync(path.join(FIXTURES, `${PAGES.html}.gz`))));
  await writeFile(path.join(folder, 'notes.txt'), 'not a recap page');
  const created = await run(['org', 'create', '--name', 'Archive Circuit'], dataDir);
  expect(created.code).toBe(0);
  org = JSON.parse(created.stdout).guid;
}, 120_000);
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('cli import', () => {
  it('all or nothing: a folder with a refused page imports nothing and says which page and why', async () => {
    const result = await run(['import', '--org', org, folder], dataDir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(
      new RegExp(`^Nothing imported: .*${PAGES.refused}: the page has no scored section to import`),
    );
  });

  it('--each imports every page it can, refuses the others with the reason, and reports progress', async () => {
    const result = await run(['import', '--org', org, '--each', folder], dataDir);
    expect(result.code).toBe(1);
    const summary: Summary = JSON.parse(result.stdout);
    expect(Object.keys(summary)).toEqual(['organization', 'imported', 'skipped', 'refused']);
    expect(summary.organization).toBe(org);
    expect(names(summary.imported)).toEqual([PAGES.plain, PAGES.wgasc, PAGES.html].sort());
    expect(summary.skipped).toEqual([]);
    expect(summary.refused).toEqual([
      {
        file: path.join(folder, PAGES.refused),
        reason: expect.stringMatching(/^the page has no scored section to import/),
      },
      { file: datelessPath(), reason: 'the page prints no event date; give one with --date YYYY-MM-DD' },
    ]);
    for (const page of summary.imported)
      expect(page).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), sections: expect.any(Number) });
    const progress = result.stderr.trim().split('\n');
    expect(progress.at(-2)).toMatch(/^5 of 5 pages, \d+\.\d pages\/s, \d+:\d\d in all$/);
    for (const line of progress.slice(0, -2))
      expect(line).toMatch(/^\d of 5 pages, \d+\.\d pages\/s, (\d+:\d\d|\?) left$/);
    expect(progress.at(-1)).toBe('2 of 5 pages refused (the summary on stdout says why)');
  });

  it('a re-run skips what is in, and --date brings in the page that prints no date', async () => {
    const result = await run(['import', '--org', org, '--each', '--date', '2014-02-08', folder], dataDir);
    const summary: Summary = JSON.parse(result.stdout);
    expect(names(summary.skipped)).toEqual([PAGES.plain, PAGES.wgasc, PAGES.html].sort());
    for (const skipped of summary.skipped) expect(skipped.reason).toBe('already imported into this organization');
    expect(summary.imported).toEqual([expect.objectContaining({ file: datelessPath(), date: '2014-02-08' })]);
    expect(names(summary.refused)).toEqual([PAGES.refused]);
    expect(result.code).toBe(1);

    const again = await run(
      ['import', '--org', org, '--each', path.join(folder, PAGES.plain), datelessPath()],
      dataDir,
    );
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ imported: [], refused: [], skipped: [{}, {}] });
  });

  it('all or nothing refuses a page already imported, and takes files and folders together', async () => {
    const result = await run(['import', '--org', org, path.join(folder, PAGES.wgasc)], dataDir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^Nothing imported: .*already imported into this organization \(competition \d+\)$/,
    );

    const other = JSON.parse((await run(['org', 'create', '--name', 'Second Circuit'], dataDir)).stdout).guid;
    const second = await run(
      ['import', '--org', other, path.join(folder, PAGES.plain), path.join(FIXTURES, PAGES.wgasc)],
      dataDir,
    );
    expect(second.code).toBe(0);
    const summary: Summary = JSON.parse(second.stdout);
    expect(names(summary.imported)).toEqual([PAGES.plain, PAGES.wgasc].sort());
    expect(summary).toMatchObject({ skipped: [], refused: [] });
  });

  it('answers bad command lines with the usage (exit 2) and missing paths with one line (exit 1)', async () => {
    const badDate = await run(['import', '--org', org, '--date', '2026-02-30', folder], dataDir);
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toMatch(/^--date must be a date \(YYYY-MM-DD\)\nUsage: cli import/);
    const noPath = await run(['import', '--org', org, '--each'], dataDir);
    expect(noPath.code).toBe(2);
    const missing = await run(['import', '--org', org, path.join(workDir, 'nowhere')], dataDir);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`Cannot read ${path.join(workDir, 'nowhere')}: no such file or folder`);
    const empty = await mkdtemp(path.join(workDir, 'empty-'));
    const nothing = await run(['import', '--org', org, empty], dataDir);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr.trim()).toBe(`No .htm or .htm.gz pages in ${empty}`);
  });

  it('serves an imported day as a calendar date: that day at 12:00 UTC in v4 and v2', async () => {
    const circuit = JSON.parse((await run(['org', 'create', '--name', 'Calendar Circuit'], dataDir)).stdout).guid;
    const imported = await run(['import', '--org', circuit, '--date', '2014-02-08', datelessPath()], dataDir);
    expect(imported.code).toBe(0);
    const [{ eventId, competitionId }] = (
      JSON.parse(imported.stdout) as { imported: { eventId: number; competitionId: number }[] }
    ).imported;
    const api = await startTestApi({ dataDir });
    try {
      const key = await api.createKey(circuit);
      const headers = { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` };
      const read = async (url: string): Promise<any> => (await api.fetch(url, { headers })).json();
      const event = await read(`/events/${eventId}`);
      expect(event.competitions.map((competition: { date: string }) => competition.date)).toEqual([
        '2014-02-08T12:00:00.000Z',
      ]);
      expect((await read(`/competitions/${competitionId}/scores`)).competition.date).toBe('2014-02-08T12:00:00.000Z');
      expect(
        (await read('/2018-03/competitions?year=2014')).map((competition: { Date: string }) => competition.Date),
      ).toEqual(['2014-02-08T12:00:00.000Z']);
    } finally {
      await api.stop();
    }
  });
});
