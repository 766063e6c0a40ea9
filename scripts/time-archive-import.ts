/**
 * `npx tsx scripts/time-archive-import.ts FOLDER [--date YYYY-MM-DD]`: times the whole import of a recap archive
 * as a person migrating it runs it (`cli import --each --date ... FOLDER`, one process, one transaction per page)
 * into a new organization: the embedded database in a new temporary DATA_DIR, or PostgreSQL when DATABASE_URL is
 * set. Prints one Markdown table row for bench/results/archive-import.md: pages imported / skipped / refused, wall
 * time, pages per second, the importing process's peak memory, and the machine's load average before and after
 * (the machine may be shared: a figure means little without it).
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { date: { type: 'string', default: '2014-01-01' } },
  allowPositionals: true,
});
const folder = positionals[0];
if (!folder) {
  console.error(
    'Usage: npx tsx scripts/time-archive-import.ts FOLDER [--date YYYY-MM-DD]   (DATABASE_URL: PostgreSQL)',
  );
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'archive-import-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
const cli = ['--import', 'tsx', 'server/cli.ts'];
const database = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';

/** Resident memory of a process in MB, from /proc (0 once it is gone). */
function residentMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const organization = JSON.parse(
    execFileSync(process.execPath, [...cli, 'org', 'create', '--name', `Archive ${Date.now()}`], {
      env,
      encoding: 'utf8',
    }),
  ) as { guid: string };
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...cli, 'import', '--org', organization.guid, '--each', '--date', values.date, folder],
    {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(child.pid!))), 250);
  await new Promise<void>((resolve) => child.on('close', () => resolve()));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = os.loadavg()[0];
  const summary = JSON.parse(stdout) as { imported: unknown[]; skipped: unknown[]; refused: unknown[] };
  const pages = summary.imported.length + summary.skipped.length + summary.refused.length;
  const row = [
    new Date().toISOString().slice(0, 16).replace('T', ' '),
    database,
    `${summary.imported.length} / ${summary.skipped.length} / ${summary.refused.length} of ${pages}`,
    `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')} (${seconds.toFixed(0)} s)`,
    (summary.imported.length / seconds).toFixed(1),
    `${peakMb.toFixed(0)} MB`,
    `${loadBefore.toFixed(2)} -> ${loadAfter.toFixed(2)}`,
    `${os.cpus().length} cores, Node ${process.versions.node}`,
  ];
  console.log(
    '| when (UTC) | database | imported / skipped / refused | wall time | pages/s | peak memory | load average (1 min) | machine |',
  );
  console.log(`| ${row.join(' | ')} |`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dataDir, { recursive: true, force: true }));
