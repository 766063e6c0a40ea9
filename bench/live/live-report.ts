/** bench/results/live-push.md: the live push's measurements for people. */
import { budgetTable, type BenchResults } from '../lib/report.js';
import { markdownTable } from '../lib/markdown.js';
import type { LiveReport } from './measure-live.js';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function liveMarkdown(live: LiveReport, results: BenchResults): string {
  const rows = [
    ['Open live streams (second process, loopback) + browser pages', `${live.streams} + ${live.browserPages}`],
    ['Watcher interval', `${live.intervalMs} ms`],
    ['Upstream reads per minute, all of them watching one competition', live.upstreamReadsPerMinute.toFixed(0)],
    ['Stack RSS (API + BFF in one process) before the streams', mb(live.memory.rssBeforeBytes)],
    ['Stack RSS with the streams open', mb(live.memory.rssWithStreamsBytes)],
    ['Memory per open stream', `${(live.memory.perStreamBytes / 1024).toFixed(1)} KB`],
    [
      'Write on the API to the new numbers on screen (browsers), median / p95',
      `${live.screen.medianMs.toFixed(0)} / ${live.screen.p95Ms.toFixed(0)} ms (${live.screen.samples.length} samples)`,
    ],
    [
      'Write on the API to the `change` event (streams), median / p95',
      `${live.streamEvent.medianMs.toFixed(0)} / ${live.streamEvent.p95Ms.toFixed(0)} ms (${live.streamEvent.samples} samples, ${live.streamEvent.missed} missed)`,
    ],
  ];
  return [
    '# Live push: 1,000 open live pages on one BFF',
    '',
    `Run ${results.startedAt} at ${results.commit.slice(0, 12)}${results.dirtyFiles.length ? ' (with uncommitted changes)' : ''}, ${results.machine.cpus} CPUs (${results.machine.cpuModel}), Node ${results.machine.node}, load average before ${results.machine.loadAverageBefore.map((value) => value.toFixed(2)).join(' ')}.`,
    'Made by `npm run bench -- --only live` (bench/live/measure-live.ts; decision 033).',
    '',
    markdownTable(['Measure', 'Value'], rows),
    '',
    budgetTable(results),
    '',
  ].join('\n');
}
