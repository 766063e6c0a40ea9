/**
 * Show-day score entry (`npm run bench -- --only writes`): 30 writers (judges' tablets) entering caption sheets into
 * one division and round at the same time, each writer its own performance, every write a real HTTPS request
 * (POST /performances/{id}/scores). Once on the embedded database (one instance: PGlite runs one transaction at a
 * time), once on a throwaway PostgreSQL with two API instances (writers alternate between them), where writes of
 * the organization serialize on its version row (decision 006, corrected). Reported: write latency (p50, p95, max),
 * answers that were not 200, and wrong results: performances whose stored result differs from a fresh tabulation
 * of the stored scores at the end (must be 0). The instances and the writers share this process, as in the tests;
 * the figures compare the two databases on the same machine, not absolute capacity.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/helpers/api-server.js';
import { startTestPostgres } from '../../test/helpers/postgres.js';
import { buildSmallCircuit } from '../../test/helpers/small-circuit.js';
import { wrongResults } from '../../test/helpers/fresh-tabulation.js';
import { createGroup } from '../../server/api/db/repositories/groups.write.js';
import { addPerformance } from '../../server/api/db/repositories/performances.write.js';
import { performances } from '../../server/api/db/schema.js';
import { percentile } from '../lib/stats.js';

export interface WriteRun {
  database: 'embedded (PGlite)' | 'PostgreSQL';
  instances: number;
  writers: number;
  writes: number;
  seconds: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** answers other than 200 (a 503 is one: the write did not happen) */
  notOk: number;
  wrongResults: number;
}

export interface ConcurrentWritesReport {
  writersPerRun: number;
  writesPerWriter: number;
  runs: WriteRun[];
}

const CAPTIONS = ['ea', 'ma', 'da', 'ge1', 'ge2'];
const LINES: Record<string, [string, string]> = {
  ea: ['voc', 'exc'],
  ma: ['voc', 'exc'],
  da: ['comp', 'exc'],
  ge1: ['rep', 'perf'],
  ge2: ['rep', 'perf'],
};

export async function measureConcurrentWrites(
  options: { writers: number; writesPerWriter: number },
  log: (line: string) => void,
): Promise<ConcurrentWritesReport> {
  const runs: WriteRun[] = [];
  log(`  embedded database, one instance, ${options.writers} writers`);
  {
    const api = await startTestApi();
    try {
      runs.push(await run('embedded (PGlite)', [api], options));
    } finally {
      await api.stop();
    }
  }
  log(`  PostgreSQL, two instances, ${options.writers} writers`);
  {
    const postgres = await startTestPostgres();
    try {
      const url = await postgres.createDatabase('bench_writes');
      const instances = await Promise.all([
        startTestApi({ env: { DATABASE_URL: url } }),
        startTestApi({ env: { DATABASE_URL: url } }),
      ]);
      try {
        runs.push(await run('PostgreSQL', instances, options));
      } finally {
        await Promise.all(instances.map((api) => api.stop()));
      }
    } finally {
      await postgres.stop();
    }
  }
  for (const result of runs)
    log(
      `    ${result.database}: ${result.writes} writes in ${result.seconds.toFixed(1)} s, p50 ${result.p50Ms.toFixed(0)} ms, p95 ${result.p95Ms.toFixed(0)} ms, not 200: ${result.notOk}, wrong results: ${result.wrongResults}`,
    );
  return { writersPerRun: options.writers, writesPerWriter: options.writesPerWriter, runs };
}

async function run(
  database: WriteRun['database'],
  instances: TestApi[],
  options: { writers: number; writesPerWriter: number },
): Promise<WriteRun> {
  const [first] = instances;
  const { db } = first.services.database;
  const circuit = await buildSmallCircuit(db, 'Bench Circuit');
  const performanceIds = Object.values(circuit.performances);
  const [one] = performanceIds;
  const { roundId, divisionId } = await roundOf(first, one);
  // one performance per writer in the same division and round
  for (let index = performanceIds.length; index < options.writers; index++) {
    const group = await createGroup(db, circuit.org.id, {
      name: `Bench Group ${index + 1}`,
      location: 'Austin, TX',
      circuitId: String(5000 + index),
      divisionId,
    });
    const added = await addPerformance(db, circuit.org.id, {
      roundId,
      divisionId,
      groupId: group.id,
      performsAt: new Date(Date.UTC(2027, 0, 16, 16, index)),
      order: index + 1,
    });
    performanceIds.push(added.id);
  }
  const key = await first.createKey(circuit.org.guid);
  const headers = {
    authorization: `Bearer ${await first.token(key.clientId, key.clientSecret)}`,
    'content-type': 'application/json',
  };
  const latencies: number[] = [];
  let notOk = 0;
  const started = performance.now();
  await Promise.all(
    performanceIds.slice(0, options.writers).map(async (performanceId, writer) => {
      const api = instances[writer % instances.length];
      for (let write = 0; write < options.writesPerWriter; write++) {
        const captionKey = CAPTIONS[(writer + write) % CAPTIONS.length];
        const score = 40 + ((writer * 13 + write * 7) % 55);
        const sent = performance.now();
        const response = await api.fetch(`/performances/${performanceId}/scores`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            captionKey,
            scores: [
              { subcaptionKey: LINES[captionKey][0], score },
              { subcaptionKey: LINES[captionKey][1], score: score - 1 },
            ],
            // the small circuit's round is released: each change is a correction with its reason (decision 083)
            reason: 'bench correction',
          }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (response.status !== 200) notOk++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    database,
    instances: instances.length,
    writers: options.writers,
    writes: latencies.length,
    seconds,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    maxMs: Math.max(...latencies),
    notOk,
    wrongResults: await wrongResults(db, roundId, divisionId),
  };
}

async function roundOf(api: TestApi, performanceId: number) {
  const [row] = await api.services.database.db
    .select({ roundId: performances.roundId, divisionId: performances.divisionId })
    .from(performances)
    .where(eq(performances.id, performanceId));
  return row;
}

export function concurrentWritesMarkdown(
  report: ConcurrentWritesReport,
  machine: { cpus: number; cpuModel: string; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] },
  startedAt: string,
  commit: string,
): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const rows = report.runs.map(
    (run) =>
      `| ${run.database} | ${run.instances} | ${run.writers} | ${run.writes} | ${run.seconds.toFixed(1)} | ${run.p50Ms.toFixed(0)} | ${run.p95Ms.toFixed(0)} | ${run.maxMs.toFixed(0)} | ${run.notOk} | ${run.wrongResults} |`,
  );
  return [
    '# Show-day score entry: 30 writers entering one round',
    '',
    `Run ${startedAt} on commit ${commit.slice(0, 12)}: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; load average (1/5/15 min) ${load(machine.loadAverageBefore)} before, ${load(machine.loadAverageAfter)} after (the machine is shared).`,
    '',
    `Each writer enters ${report.writesPerWriter} caption sheets for its own performance, all in one division and round, as fast as answers come (bench/api/concurrent-writes.ts). Wrong results: performances whose stored result differs from a fresh tabulation of the stored scores afterwards.`,
    '',
    '| Database | Instances | Writers | Writes | Seconds | p50 ms | p95 ms | max ms | Not 200 | Wrong results |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
