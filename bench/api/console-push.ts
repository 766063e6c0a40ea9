/**
 * A judge's entry to the tabulator's console (`npm run bench -- --only console`, issue 27, decision 101): the show of
 * bench/api/judges-entering.ts (30 judge users entering one 40-performance round, paced), watched by the console as
 * the browser runs it: a BFF in front of the API, the tabulator's signed-in stream of changes
 * (`/api/bff/manage/competitions/{id}/changes`), and on each `change` the console's three reads through the BFF with
 * the session, at once (progress, preview and audit trail, as react-query asks them). An entry's delay runs from its
 * submit's answer to the end of the first such round of reads, asked after it, whose progress shows it: the data the
 * grid is drawn from. The browser's render is not in it (the console e2e checks the grid within 2 s in Chromium).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff } from '../../server/bff/server.js';
import { createSessionSealer, SESSION_COOKIE } from '../../server/bff/session/session.js';
import type { Json } from '../../test/api/client.js';
import { openChangeStream } from '../../test/helpers/change-stream.js';
import { freePort } from '../../test/helpers/free-port.js';
import { BUDGETS, check } from '../lib/budgets.js';
import { budgetTable } from '../lib/report.js';
import { measureJudgesRun, readingOf, type JudgesEnteringRun, type OpenScreen } from './judges-entering.js';

export interface ConsolePushReport {
  run: JudgesEnteringRun;
  intervalMs: number;
}

const SESSION_SECRET = 'the console bench session secret and long enough';
/** The BFF's re-read of a watched console's competition: its default (config.ts). */
const INTERVAL_MS = 500;

const consoleScreen: OpenScreen = async ({ api, orgGuid, competitionId, tabulatorToken }) => {
  const readKey = await api.createKey(orgGuid, { readOnly: true, name: 'Bench fans' });
  const port = await freePort();
  const signIn = await api.createKey(orgGuid, {
    name: 'Bench sign-in',
    redirectUris: [`http://127.0.0.1:${port}/auth/callback`],
  });
  const bff = await startBff(
    defineBffConfig({
      port,
      apiBaseUrl: api.url,
      clientId: readKey.clientId,
      clientSecret: readKey.clientSecret,
      apiCa: api.ca,
      organization: orgGuid,
      staticDir: mkdtempSync(path.join(os.tmpdir(), 'bench-console-dist-')),
      signInClientId: signIn.clientId,
      signInClientSecret: signIn.clientSecret,
      sessionSecrets: SESSION_SECRET,
      consoleIntervalMs: INTERVAL_MS,
    }),
    { log: () => {} },
  );
  // The cookie the BFF's sign-in would set around the tabulator's token (the token itself from the API's sign-in).
  const sealed = await createSessionSealer([SESSION_SECRET]).seal('session', {
    token: tabulatorToken,
    expiresAt: Date.now() + 3_600_000,
  });
  const cookie = `${SESSION_COOKIE}=${sealed}`;
  const stream = await openChangeStream(`${bff.url}/api/bff/manage/competitions/${competitionId}/changes`, cookie);
  if (stream.status !== 200) throw new Error(`console stream: ${stream.status} ${JSON.stringify(stream.problem)}`);
  const ready = await stream.next(10_000);
  if (ready.event !== 'ready') throw new Error(`console stream: ${ready.event} first`);
  const read = async (target: string): Promise<Json> => {
    const response = await fetch(`${bff.url}/api${target}`, { headers: { cookie, accept: 'application/json' } });
    if (response.status !== 200) throw new Error(`${target}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Json;
  };
  return {
    async next() {
      try {
        const event = await stream.next(1_000);
        if (event.event !== 'change') throw new Error(`console stream: ${event.event} ${event.data}`);
      } catch (error) {
        // nothing heard for a second: the caller looks whether it is done
        if (error instanceof Error && error.message.startsWith('no event within')) return undefined;
        throw error;
      }
      return readingOf(async () => {
        const [progress] = await Promise.all([
          read(`/competitions/${competitionId}/progress`),
          read(`/competitions/${competitionId}/scores?preview=true`),
          read(`/audit/?competitionId=${competitionId}&limit=1000`),
        ]);
        return progress;
      });
    },
    async close() {
      stream.close();
      await bff.close();
    },
  };
};

export async function measureConsolePush(log: (line: string) => void): Promise<ConsolePushReport> {
  return { run: await measureJudgesRun('paced', log, consoleScreen), intervalMs: INTERVAL_MS };
}

export function consolePushMarkdown(
  report: ConsolePushReport,
  machine: { cpus: number; cpuModel: string; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] },
  startedAt: string,
  commit: string,
): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const { run } = report;
  return [
    "# A judge's entry to the tabulator's console, pushed: 30 judge users entering one 40-performance round",
    '',
    `Run ${startedAt} on commit ${commit.slice(0, 12)}: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; load average (1/5/15 min) ${load(machine.loadAverageBefore)} before, ${load(machine.loadAverageAfter)} after.`,
    '',
    `The paced show of bench/api/judges-entering.ts (${run.judges} judge users, ${run.divisions} divisions, ${run.performances} performances; a draft then the submit per sheet, every judge's next sheet in the same 5-second window), with the console watching through a BFF: the tabulator's signed-in stream of changes (the BFF re-reads the competition's audit trail every ${report.intervalMs} ms, decision 101) and, on each change, the console's three reads through the BFF (progress, preview, audit). An entry's delay runs from its submit's answer to the end of the first round of reads, asked after it, whose progress shows it (bench/api/console-push.ts). Not in it: the browser's render of the grid.`,
    '',
    budgetTable({ budgets: [check(BUDGETS.consolePush, run.progressP95Ms)] }),
    '',
    '| Rule | Limit | Found | Result |',
    '| --- | --- | --- | --- |',
    `| Answers other than 200, submits never seen on the console | 0 | ${run.notOk + run.unseen} | ${pass(run.notOk + run.unseen === 0)} |`,
    '',
    '| Writes | Seconds | Write p50 ms | p95 ms | max ms | Console rounds of reads | To the console p95 ms | max ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${run.writes} | ${run.seconds.toFixed(1)} | ${run.p50Ms.toFixed(0)} | ${run.p95Ms.toFixed(0)} | ${run.maxMs.toFixed(0)} | ${run.progressReads} | ${run.progressP95Ms.toFixed(0)} | ${run.progressMaxMs.toFixed(0)} |`,
    '',
  ].join('\n');
}
