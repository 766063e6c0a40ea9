/** bench/results/release-moment.md: the release at 10,000 open pages, for people, and its budgets (decision 131). */
import { BUDGETS, checkRatio, check, type Budget, type BudgetCheck } from '../lib/budgets.js';
import { markdownTable } from '../lib/markdown.js';
import { budgetTable, type BenchResults } from '../lib/report.js';
import type { Distribution, ReleaseConfiguration, ReleaseReport } from './release-moment.js';

const named = (budget: Budget, configuration: ReleaseConfiguration): Budget => ({
  ...budget,
  id: `${budget.id}.${configuration.database === 'PostgreSQL' ? 'postgres' : 'embedded'}`,
  label: `${budget.label} (${configuration.streams.toLocaleString('en-US')} streams, ${configuration.name})`,
});

/** The screen's floor: twice the bare server's p95 to the same connections, plus one read through the BFF. */
const screenFloorMs = (configuration: ReleaseConfiguration) => 2 * configuration.floor.p95Ms + configuration.oneReadMs;

export function releaseBudgets(report: ReleaseReport): BudgetCheck[] {
  return report.configurations.flatMap((configuration) => [
    checkRatio(
      named(BUDGETS.releaseToStream, configuration),
      configuration.streamEvent.p95Ms,
      configuration.floor.p95Ms,
    ),
    checkRatio(named(BUDGETS.releaseToScreen, configuration), configuration.screen.p95Ms, screenFloorMs(configuration)),
    check(named(BUDGETS.releaseReads, configuration), Math.max(...configuration.readsPerWrite.flat())),
    check(named(BUDGETS.releaseStreamMemory, configuration), Math.max(...configuration.perStreamBytes)),
  ]);
}

const spread = (d: Distribution) =>
  `${d.medianMs.toFixed(0)} / ${d.p95Ms.toFixed(0)} / ${d.maxMs.toFixed(0)} ms (${d.samples} samples)`;
const perBff = (values: number[]) => values.join(' + ');

function configurationTable(configuration: ReleaseConfiguration): string {
  const rows = [
    [
      'Open live streams (two stream clients’ processes, loopback) + browser pages',
      `${configuration.streams} + ${configuration.browserPages}, over ${configuration.bffs} BFF(s) and ${configuration.apiInstances} API instance(s), ${configuration.database}`,
    ],
    ["Floor: the bare SSE server's one event to the same connections, median / p95 / max", spread(configuration.floor)],
    [
      "A write's answer to the `change` on each stream, median / p95 / max",
      `${spread(configuration.streamEvent)}, ${configuration.streamEvent.missed} missed`,
    ],
    [
      "A write's answer to the new numbers painted on the browser pages, median / p95 / max",
      spread(configuration.screen),
    ],
    ['One read of the recap through the BFF, median', `${configuration.oneReadMs.toFixed(0)} ms`],
    [
      'Reads of the API per BFF for a sheet no page sees yet: browser pages only / with every stream',
      `${perBff(configuration.readsUnseen.browsersOnly)} / ${perBff(configuration.readsUnseen.allStreams)}`,
    ],
    [
      'Reads of the API per BFF for the release, then each correction',
      configuration.readsPerWrite.map(perBff).join(', '),
    ],
    [
      'Memory per open stream, per BFF',
      configuration.perStreamBytes.map((bytes) => `${(bytes / 1024).toFixed(1)} KB`).join(', '),
    ],
  ];
  return [`## ${configuration.name}`, '', markdownTable(['Measure', 'Value'], rows)].join('\n');
}

export function releaseMarkdown(report: ReleaseReport, results: BenchResults): string {
  const { machine } = results;
  return [
    `# The release moment: ${report.configurations[0]?.streams.toLocaleString('en-US') ?? 'no'} open live pages`,
    '',
    `Run ${results.startedAt} at ${results.commit.slice(0, 12)}${results.dirtyFiles.length ? ' (with uncommitted changes)' : ''}, ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, load average before ${machine.loadAverageBefore.map((value) => value.toFixed(2)).join(' ')}, after ${machine.loadAverageAfter.map((value) => value.toFixed(2)).join(' ')}.`,
    'Made by `npm run bench -- --only release` (bench/live/release-moment.ts; decision 131). Every time runs from the',
    "write's answer on the API (the floor: the bare server's answer) to the moment the stream clients' process or the",
    'browser saw it, on the same machine.',
    '',
    ...report.configurations.flatMap((configuration) => [configurationTable(configuration), '']),
    budgetTable({ budgets: releaseBudgets(report) }),
    '',
  ].join('\n');
}
