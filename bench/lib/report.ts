/** The results file: one JSON for tools and history, one Markdown page for people, one table for the terminal. */
import type { ManyConnectionsReport } from '../api/many-connections.js';
import type { ThroughputReport } from '../api/throughput.js';
import type { BundleReport } from '../web/bundle-size.js';
import type { RecapPageRun } from '../web/recap-page.js';
import { hostedSection } from '../hosted/report.js';
import type { HostedReport } from '../hosted/measure-hosted.js';
import type { ArchiveReport } from '../archive/measure-archive.js';
import { archiveSection } from '../archive/report.js';
import type { LiveReport } from '../live/measure-live.js';
import { formatValue, type BudgetCheck } from './budgets.js';
import { kb, markdownTable } from './markdown.js';

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  commit: string;
  /** files changed in the working tree when this ran (the tree is shared): the numbers describe that state */
  dirtyFiles: string[];
  machine: { cpus: number; cpuModel: string; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] };
  api?: ThroughputReport;
  apiLoad?: ManyConnectionsReport;
  web?: {
    bundle?: BundleReport;
    recapPage?: {
      url: string;
      competition: string;
      emulation: {
        viewport: string;
        tapContactMs: number;
        cpuSlowdown: number;
        network: { latencyMs: number; downloadBytesPerSecond: number; uploadBytesPerSecond: number; preset: string };
      };
      runs: RecapPageRun[];
      medianLcpMs: number;
      /** tap to the screen switched */
      medianSwitchMs: number;
      /** the same tap on the floor page (bench/web/recap-floor.ts) */
      medianFloorSwitchMs: number;
      /** the budgeted one: the median of the runs' switch / floor */
      switchRatio: number;
      /** not budgeted: tap to every breakdown of the page built and painted */
      medianAllBuiltMs: number;
    };
  };
  /** bench/live: the live push under 1,000 open pages */
  live?: LiveReport;
  /** the recap page and a group page on the fake hosted upstream */
  hosted?: HostedReport;
  /** `--archive FOLDER`: the whole archive in one organization, or why that did not run */
  archive?: ArchiveReport | { skipped: string };
  budgets: BudgetCheck[];
  /** measurements that failed to run, with the reason */
  failures: { part: string; error: string }[];
}

const verdict = (check: BudgetCheck) => (check.pass === null ? 'NOT RUN' : check.pass ? 'PASS' : 'FAIL');

/**
 * Every budget with its verdict; a ratio budget's row also gives the figure and its floor, both as measured in this
 * run (absolute, and not budgeted: they move with the machine).
 */
export function budgetTable(results: Pick<BenchResults, 'budgets'>): string {
  const rows = results.budgets.map((check) => [
    check.label,
    `${check.higherIsBetter ? '>=' : '<='} ${formatValue(check.limit, check.unit)}`,
    formatValue(check.actual, check.unit),
    check.floor && check.measured ? formatValue(check.measured.figure, check.floor.unit) : '',
    check.floor && check.measured ? `${formatValue(check.measured.floor, check.floor.unit)}: ${check.floor.label}` : '',
    verdict(check),
  ]);
  return markdownTable(['Budget', 'Limit', 'Measured', 'Figure', 'Floor', 'Result'], rows);
}

export function apiTable(report: ThroughputReport): string {
  const rows = report.comparisons.flatMap((comparison) =>
    (['api', 'ceiling'] as const).map((side) => {
      const result = comparison[side];
      return [
        side === 'api' ? comparison.route : '  (ceiling)',
        side === 'api' ? String(comparison.bodyBytes) : '',
        result.rps.toFixed(0),
        result.p50Ms.toFixed(2),
        result.p99Ms.toFixed(2),
        String(result.errors),
        result.serverCpuUsPerRequest.toFixed(0),
        `${result.serverCpuPercent.toFixed(0)}% / ${result.clientCpuPercent.toFixed(0)}%`,
        side === 'api' ? comparison.ratio.toFixed(2) : '',
        side === 'api' ? comparison.cpuRatio.toFixed(2) : '',
      ];
    }),
  );
  return markdownTable(
    [
      'Route',
      'Body bytes',
      'req/s',
      'p50 ms',
      'p99 ms',
      'Errors',
      'Server CPU µs/req',
      'CPU server / client',
      'Ratio (req/s)',
      'Ratio (CPU/req)',
    ],
    rows,
  );
}

export function loadTable(report: ManyConnectionsReport): string {
  const { rss } = report;
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  const row = (what: string, load: ManyConnectionsReport['load'], memory: string) => [
    what,
    String(report.bodyBytes),
    String(report.options.connections),
    load.rps.toFixed(0),
    load.p50Ms.toFixed(0),
    load.p90Ms.toFixed(0),
    load.p99Ms.toFixed(0),
    load.maxMs.toFixed(0),
    `${load.errors}${load.firstError ? ` (${load.firstError})` : ''}`,
    memory,
    `${load.connectedMs.toFixed(0)}${load.connectedAll ? '' : ' (not all)'}`,
    `${load.clientCpuPercent.toFixed(0)}%`,
  ];
  return markdownTable(
    [
      'Server',
      'Body bytes',
      'Connections',
      'req/s',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'Errors',
      'RSS before / peak / after',
      'Connected after ms',
      'Client CPU',
    ],
    [
      row(`API ${report.route}`, report.load, `${mib(rss.before)} / ${mib(rss.peak)} / ${mib(rss.after)}`),
      row('Node ceiling (same bytes)', report.ceiling, ''),
    ],
  );
}

/** When, on what and on how busy a machine a run was made. */
const runLine = (results: BenchResults) =>
  `Run ${results.startedAt} on commit \`${results.commit.slice(0, 12)}\`${results.dirtyFiles.length ? ` (working tree with ${results.dirtyFiles.length} uncommitted file(s))` : ''}, ` +
  `${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}, load average before ${results.machine.loadAverageBefore.map((value) => value.toFixed(2)).join(' ')}, after ${results.machine.loadAverageAfter.map((value) => value.toFixed(2)).join(' ')}.` +
  (busy(results)
    ? ` **Measured under load**: the machine was shared and more than its ${results.machine.cpus} cores were wanted (load average above ${results.machine.cpus}), so ` +
      "timings are noisier and slower than on a quiet machine; CPU per request, and the spread of the rounds' ratios, say how much."
    : '');

/** Whether other work wanted more than the machine's cores during the run (the 1- or 5-minute load average, before or after). */
const busy = (results: BenchResults) =>
  [...results.machine.loadAverageBefore.slice(0, 2), ...results.machine.loadAverageAfter.slice(0, 2)].some(
    (load) => load > results.machine.cpus,
  );

/** bench/results/archive-scale.md: the archive run and its budgets. */
export function archiveMarkdown(results: BenchResults): string {
  const budgets = { ...results, budgets: results.budgets.filter((check) => check.id.startsWith('archive.')) };
  const lines = [
    '# The app and the API at archive scale',
    '',
    runLine(results),
    'Produced by `npm run bench -- --archive FOLDER` (bench/archive/, docs/decisions/014); the same data is in latest.json.',
    '',
    budgetTable(budgets),
    '',
    ...archiveSection(results.archive!, results.api).slice(2),
  ];
  return `${lines.join('\n')}\n`;
}

export function toMarkdown(results: BenchResults): string {
  const lines: string[] = [
    '# Benchmark results',
    '',
    runLine(results),
    'How and why: docs/decisions/007-benchmarks.md. Produced by `npm run bench`; the same data is in latest.json.',
    '',
    '## Budgets',
    '',
    budgetTable(results),
  ];
  if (results.failures.length) {
    lines.push('', '## Did not run', '', ...results.failures.map((failure) => `- ${failure.part}: ${failure.error}`));
  }
  if (results.api) {
    const { api } = results;
    lines.push(
      '',
      '## API throughput',
      '',
      `Recap: ${api.recap.title} (${api.recap.file}, ${api.recap.performances} performances). ${api.options.connections} keep-alive HTTPS connections from a child process, ` +
        `${api.options.warmupMs / 1000} s warm-up and ${api.options.durationMs / 1000} s measured per run; API and ceiling runs alternate, ${api.options.rounds} rounds, each figure the median over rounds. The ceiling answers the same bytes with the same listener and certificate. ` +
        'Ratio (req/s) is the budgeted one; Ratio (CPU/req) compares server CPU per request, which stays meaningful if the load generator, not the server, limits the ceiling.',
      '',
      apiTable(api),
    );
  }
  if (results.apiLoad) {
    const { apiLoad } = results;
    lines.push(
      '',
      `## API under ${apiLoad.options.connections} connections`,
      '',
      `${apiLoad.description}. \`npm run api\` in a process of its own; ${apiLoad.options.connections} keep-alive HTTPS connections from a child process, closed loop. ` +
        `Recording starts ${apiLoad.options.warmupMs / 1000} s after every connection has had its first answer (the TLS handshakes are set-up, not serving) and lasts ${apiLoad.options.durationMs / 1000} s. ` +
        `RSS is the API process's resident memory: before the load, the peak while it ran (${apiLoad.rss.peakSource === 'VmHWM' ? "the kernel's VmHWM, reset just before the load" : 'the highest 100 ms sample'}), and after it. ` +
        `The Node ceiling (bench/api/ceiling-server.ts) is a process of its own too, the same listener and certificate answering the same bytes from one Buffer, loaded by the same generator with the same connections; the two alternate ${apiLoad.rounds.length} times, each figure the median over the rounds. ` +
        `Budgeted: the median of the rounds' API p99 / ceiling p99, ${apiLoad.p99Ratio.toFixed(2)}x (rounds: ${apiLoad.rounds.map((round) => `${round.api.p99Ms.toFixed(0)} / ${round.ceiling.p99Ms.toFixed(0)} ms`).join(', ')}).`,
      '',
      loadTable(apiLoad),
    );
  }
  const bundle = results.web?.bundle;
  if (bundle) {
    lines.push(
      '',
      '## Web app bundle (gzip -9)',
      '',
      markdownTable(
        ['What', 'Files', 'Bytes', 'Gzip'],
        [
          [
            'Initial JS (index.html script + modulepreload)',
            bundle.initialJs.map((asset) => asset.file).join(', '),
            kb(sum(bundle.initialJs, 'bytes')),
            kb(bundle.initialJsGzipBytes),
          ],
          [
            'Initial CSS',
            bundle.css.map((asset) => asset.file).join(', '),
            kb(sum(bundle.css, 'bytes')),
            kb(sum(bundle.css, 'gzipBytes')),
          ],
          ['Recap route chunk', bundle.recapChunk.file, kb(bundle.recapChunk.bytes), kb(bundle.recapChunk.gzipBytes)],
          [
            'Recap route, all JS beyond the initial',
            bundle.recapRouteJs.map((asset) => asset.file).join(', '),
            kb(sum(bundle.recapRouteJs, 'bytes')),
            kb(bundle.recapRouteJsGzipBytes),
          ],
        ],
      ),
      '',
      `index.html references ${bundle.htmlMatchesManifest ? 'exactly' : 'NOT exactly'} the entry's static imports in the Vite manifest.`,
    );
  }
  const page = results.web?.recapPage;
  if (page) {
    const { network } = page.emulation;
    lines.push(
      '',
      '## Recap page on a phone',
      '',
      `${page.competition} at \`${page.url}\`; ${page.emulation.viewport}, a tap rests ${page.emulation.tapContactMs} ms before the lift, CPU ${page.emulation.cpuSlowdown}x slower, network "${network.preset}": ${network.latencyMs} ms latency, ` +
        `${((network.downloadBytesPerSecond * 8) / 1000).toFixed(0)} kbit/s down, ${((network.uploadBytesPerSecond * 8) / 1000).toFixed(0)} kbit/s up. Each run is a cold first visit, in a browser of its own.`,
      '',
      markdownTable(
        [
          'Run',
          'FCP ms',
          'LCP ms',
          'LCP element',
          'Tap to screen switched ms',
          'Floor page ms',
          'To commit / style+layout / to paint ms',
          'Cards (breakdowns) on screen',
          'Tap event ms',
          'Tap to all built ms',
          'Longest catch-up task ms',
          'To all built: script / style / layout ms',
          'DOM nodes before → all built',
          'Transferred',
        ],
        page.runs.map((run, index) => [
          String(index + 1),
          run.fcpMs.toFixed(0),
          run.lcpMs.toFixed(0),
          run.lcpElement.replaceAll('|', '\\|'),
          run.switchMs.toFixed(0),
          run.floorSwitchMs === undefined ? '–' : run.floorSwitchMs.toFixed(0),
          `${run.switchPhases.toCommitMs.toFixed(0)} / ${run.switchPhases.styleLayoutMs.toFixed(0)} / ${run.switchPhases.toPaintMs.toFixed(0)}`,
          `${run.cardsOnScreen} (${run.breakdownsOnScreen})`,
          run.tapEventMs === null ? '–' : run.tapEventMs.toFixed(0),
          run.allBuiltMs.toFixed(0),
          run.longestCatchUpTaskMs === null ? '< 50' : run.longestCatchUpTaskMs.toFixed(0),
          `${run.mainThread.switch.scriptMs.toFixed(0)} / ${run.mainThread.switch.styleMs.toFixed(0)} / ${run.mainThread.switch.layoutMs.toFixed(0)}`,
          `${run.mainThread.load.domNodes} → ${run.mainThread.switch.domNodes}`,
          kb(run.transferBytes),
        ]),
      ),
      '',
      `Median LCP ${page.medianLcpMs.toFixed(0)} ms. Median tap "Full breakdown" to the screen switched ${page.medianSwitchMs.toFixed(0)} ms: from the tap's lift (its touchend event's timestamp) ` +
        'to the first painted frame (two animation frames later) in which the link is the current view and every card in the viewport that has a breakdown shows it open, its tables built. ' +
        `The floor page (bench/web/recap-floor.ts), the same tap in the same browser on a page without the app that makes the same change to the same markup, median ${page.medianFloorSwitchMs.toFixed(0)} ms: the budgeted figure is the median of the runs' ratios, ${page.switchRatio.toFixed(2)}x. ` +
        'To commit / style+layout / to paint: the lift to the DOM change that switched the screen, the style and layout of that change (forced by the check), the rest until the frame was painted. ' +
        'Tap event: the longest Event Timing entry of the tap (what INP would see). ' +
        `Median tap to all built ${page.medianAllBuiltMs.toFixed(0)} ms (not budgeted): until every card of the page (${page.runs[0]?.breakdowns ?? 0} breakdowns) shows its breakdown open and built, painted. ` +
        'Longest catch-up task: the longest task (Long Tasks API, 50 ms and over) between the screen switched and all built, how long a tap could wait meanwhile. ' +
        "Script / style / layout and DOM nodes: Chrome's Performance.getMetrics (throttled ms) from the tap until all built.",
      '',
      'First run, what arrived when (ms after navigation start):',
      '',
      markdownTable(
        ['Resource', 'Transferred', 'Decoded', 'Done at ms'],
        (page.runs[0]?.resources ?? []).map((resource) => [
          resource.name,
          kb(resource.transferBytes),
          kb(resource.decodedBytes),
          String(resource.endMs),
        ]),
      ),
    );
  }
  if (results.hosted) lines.push('', ...hostedSection(results.hosted));
  if (results.archive) lines.push('', ...archiveSection(results.archive, results.api));
  return `${lines.join('\n')}\n`;
}

const sum = (items: { bytes: number; gzipBytes: number }[], key: 'bytes' | 'gzipBytes') =>
  items.reduce((total, item) => total + item[key], 0);
