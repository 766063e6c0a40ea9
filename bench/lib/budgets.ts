/**
 * The performance budgets (docs/decisions/007-benchmarks.md says where each number comes from). A budget is
 * checked against one measured value; `higherIsBetter` budgets are minimums, the others maximums.
 *
 * A timing budget is a ratio (decision 007, amended by issue 41): the figure divided by a floor measured in the same
 * run, on the same machine, with the same load generator or browser, so that a machine four times slower one day
 * than the next does not decide it. Such a budget names its floor; its check keeps both absolute figures.
 */
import { LOAD_CONNECTIONS } from '../api/many-connections.js';
import { INITIAL_JS_BUDGET_BYTES } from './initial-js-budget.js';

export interface Budget {
  id: string;
  label: string;
  limit: number;
  unit: string;
  higherIsBetter: boolean;
  /** a ratio budget: what the figure is divided by, measured in the same run (its unit is the figure's) */
  floor?: { label: string; unit: string };
}

export const BUDGETS = {
  performancesRatio: {
    id: 'api.performances.ratio',
    label: 'API /2018-03/performances (biggest recap): req/s vs Node ceiling',
    limit: 0.5,
    unit: 'x',
    higherIsBetter: true,
  },
  eventsRatio: {
    id: 'api.events.ratio',
    label: 'API /events/: req/s vs Node ceiling',
    limit: 0.5,
    unit: 'x',
    higherIsBetter: true,
  },
  /** bench/api/many-connections.ts: the goal for serving the biggest response to many clients at once (decision 017) */
  loadRss: {
    id: 'api.load.rss-peak',
    label: `API RSS peak, ${LOAD_CONNECTIONS} connections on the biggest v2 performances`,
    limit: 600 * 1024 * 1024,
    unit: 'bytes',
    higherIsBetter: false,
  },
  /** the API against the Node ceiling serving the same bytes to the same connections from the same load generator */
  loadP99: {
    id: 'api.load.p99.ratio',
    label: `API p99 / Node ceiling p99, ${LOAD_CONNECTIONS} connections on the biggest v2 performances`,
    limit: 1.5,
    unit: 'x',
    higherIsBetter: false,
    floor: {
      label: 'the Node ceiling p99: a plain server answering the same bytes, same listener and load',
      unit: 'ms',
    },
  },
  loadErrors: {
    id: 'api.load.errors',
    label: `API errors, ${LOAD_CONNECTIONS} connections on the biggest v2 performances`,
    limit: 0,
    unit: 'errors',
    higherIsBetter: false,
  },
  initialJs: {
    id: 'web.initial-js.gzip',
    label: 'Initial JS, gzip',
    limit: INITIAL_JS_BUDGET_BYTES,
    unit: 'bytes',
    higherIsBetter: false,
  },
  recapLcp: {
    id: 'web.recap.lcp',
    label: 'Recap page LCP, phone (4x CPU, Fast 3G), median',
    limit: 2000,
    unit: 'ms',
    higherIsBetter: false,
  },
  /** to the first painted frame with the link current and every card on screen showing its breakdown open and built */
  recapSwitch: {
    id: 'web.recap.switch-to-full.ratio',
    label: 'Recap: tap "Full breakdown" to the screen switched / the floor page, phone (4x CPU), median',
    limit: 1.5,
    unit: 'x',
    higherIsBetter: false,
    floor: {
      label:
        'a page without the app making the same change to the same markup on the same tap (bench/web/recap-floor.ts)',
      unit: 'ms',
    },
  },
  hostedRecapLcp: {
    id: 'hosted.recap.lcp',
    label: 'Hosted upstream (fake): recap page LCP, phone (4x CPU, Fast 3G), median',
    limit: 2000,
    unit: 'ms',
    higherIsBetter: false,
  },
  /** the page's own bytes: everything its first visit loads but the initial JS and CSS every page shares (budgeted above) */
  hostedGroupPage: {
    id: 'hosted.group-page.transfer',
    label:
      'Hosted upstream (fake): group page of a 60-competition season, first visit, beyond the initial JS/CSS, gzip',
    limit: 100 * 1024,
    unit: 'bytes',
    higherIsBetter: false,
  },
  /** bench/archive: the import budget (a whole archive within minutes, decision 014), and the sample run's ratios within 10% (the limit is set from them when they ran) */
  archiveImport: {
    id: 'archive.import.seconds',
    label: 'Archive: the whole archive imported (cli import --each), embedded database',
    limit: 180,
    unit: 's',
    higherIsBetter: false,
  },
  archivePerformancesRatio: {
    id: 'archive.performances.ratio',
    label: 'Archive: API /2018-03/performances (biggest recap): req/s vs Node ceiling',
    limit: 0.5,
    unit: 'x',
    higherIsBetter: true,
  },
  /** bench/web/search-keystroke.ts: the search's budget (decision 032), the whole archive in the index */
  archiveSearchKeystroke: {
    id: 'archive.search.keystroke',
    label: 'Archive: search keystroke to suggestions painted, phone (4x CPU), median',
    limit: 100,
    unit: 'ms',
    higherIsBetter: false,
  },
  archiveSearchKeystrokeMax: {
    id: 'archive.search.keystroke-max',
    label: 'Archive: search keystroke to suggestions painted, phone (4x CPU), slowest',
    limit: 100,
    unit: 'ms',
    higherIsBetter: false,
  },
  archiveEventsRatio: {
    id: 'archive.events.ratio',
    label: 'Archive: API /events/: req/s vs Node ceiling',
    limit: 0.5,
    unit: 'x',
    higherIsBetter: true,
  },
  /** bench/live (decision 033): the budget for a release reaching an open page */
  livePush: {
    id: 'live.release-to-screen.p95',
    label: 'Live: a write on the API to the new numbers on an open page, 1,000 live pages on one BFF, p95',
    limit: 5000,
    unit: 'ms',
    higherIsBetter: false,
  },
  /** bench/web/judge-keystroke.ts: the judge's page against the bare page typed the same way (decision 108) */
  tabletKeystrokeMedian: {
    id: 'tablet.keystroke.median.ratio',
    label: "Judge's keystroke to the painted score and own rank / the bare page, tablet (4x CPU), median",
    limit: 1.5,
    unit: 'x',
    higherIsBetter: false,
    floor: { label: 'the same keystrokes on a bare page of two fields and an output (decision 108)', unit: 'ms' },
  },
  tabletKeystrokeP95: {
    id: 'tablet.keystroke.p95.ratio',
    label: "Judge's keystroke to the painted score and own rank / the bare page, tablet (4x CPU), p95",
    limit: 1.5,
    unit: 'x',
    higherIsBetter: false,
    floor: { label: 'the same keystrokes on a bare page of two fields and an output (decision 108)', unit: 'ms' },
  },
  /** bench/api/judges-entering.ts: 30 judges writing back to back, the most the embedded database takes */
  judgesThroughput: {
    id: 'judges.back-to-back.throughput.ratio',
    label: '30 judges writing back to back: writes/s / bare transactions writing the same rows',
    limit: 0.25,
    unit: 'x',
    higherIsBetter: true,
    floor: {
      label:
        'the same rows written by 30 writers at once in bare transactions on the same database (no HTTP, tabulation or audit)',
      unit: 'writes/s',
    },
  },
  /** bench/api/console-push.ts (decision 101): a judge's submit to the console's data through the BFF's push */
  consolePush: {
    id: 'console.submit-to-console.p95',
    label: "A judge's submit to the console's data through the BFF's push, 30 judges entering paced, p95",
    limit: 2000,
    unit: 'ms',
    higherIsBetter: false,
  },
  /** bench/live/release-moment.ts (decision 131): a release to 10,000 open pages, against a bare SSE server's event */
  releaseToStream: {
    id: 'release.to-stream.p95.ratio',
    label: "Release: a write's answer to the `change` on each open stream, p95 / the bare server's",
    limit: 2,
    unit: 'x',
    higherIsBetter: false,
    floor: {
      label:
        'a bare Server-Sent Events server sending one event to the same connections (bench/live/bare-sse-server.ts)',
      unit: 'ms',
    },
  },
  releaseToScreen: {
    id: 'release.to-screen.p95.ratio',
    label: "Release: a write's answer to the new numbers painted on the browser pages, p95 / (2x the floor + one read)",
    limit: 1,
    unit: 'x',
    higherIsBetter: false,
    floor: {
      label: "twice the bare server's p95 to the same connections, plus one read of the recap through the BFF",
      unit: 'ms',
    },
  },
  /**
   * the watcher's round (the season's listing, the competition's performances) and, past the BFF's fresh window, one
   * revalidation of each resource the recap reads again (coalesced for every page): none of it grows with the pages
   */
  releaseReads: {
    id: 'release.api-reads-per-write-per-bff.max',
    label: "Release: a BFF's reads of the API for one write, every stream open, most of any write",
    limit: 8,
    unit: 'reads',
    higherIsBetter: false,
  },
  releaseStreamMemory: {
    id: 'release.memory-per-stream',
    label: "Release: a BFF's memory per open live stream, every stream open",
    limit: 16 * 1024,
    unit: 'bytes',
    higherIsBetter: false,
  },
  /** a timing budget left absolute (issue 41): a tabulator waits for it, whatever the machine */
  judgesProgress: {
    id: 'judges.back-to-back.to-progress.p95',
    label: "30 judges writing back to back: a submit to the tabulator's progress view, p95",
    limit: 2000,
    unit: 'ms',
    higherIsBetter: false,
  },
  /** bench/api/commentary-uploads.ts (issue 38): the judges' writes while each uploads a 6-minute recording */
  commentaryWrites: {
    id: 'commentary.writes.p95.ratio',
    label:
      '30 judges entering paced while each uploads a 6-minute recording: write p95 / the same round without uploads',
    limit: 1.2,
    unit: 'x',
    higherIsBetter: false,
    floor: { label: 'the same round on a new API, commentary on, no uploads', unit: 'ms' },
  },
  commentaryMemory: {
    id: 'commentary.api-rss-growth',
    label: "The API's resident memory grown while 30 judges upload their recordings",
    limit: 50,
    unit: 'MB',
    higherIsBetter: false,
  },
  commentaryKeystroke: {
    id: 'commentary.keystroke.median.ratio',
    label: "Judge's keystroke while recording and uploading / not recording, tablet (4x CPU), median",
    limit: 1.1,
    unit: 'x',
    higherIsBetter: false,
    floor: { label: 'the same keystrokes on the same page, not recording', unit: 'ms' },
  },
} satisfies Record<string, Budget>;

/** bench/archive: each page of the archive run on the emulated phone, median LCP. */
export const archivePageLcp = (page: { id: string; name: string }): Budget => ({
  id: `archive.${page.id}.lcp`,
  label: `Archive: ${page.name} LCP, phone (4x CPU, Fast 3G), median`,
  limit: 2000,
  unit: 'ms',
  higherIsBetter: false,
});

/** Within 10% of the sample run's ratio, when it ran; else the sample run's own budget. */
export const withinTenPercentOf = (budget: Budget, sampleRatio: number | undefined): Budget =>
  sampleRatio === undefined
    ? budget
    : {
        ...budget,
        label: `${budget.label}, within 10% of the sample run's ${sampleRatio.toFixed(2)}`,
        limit: Math.round(sampleRatio * 0.9 * 100) / 100,
      };

export interface BudgetCheck extends Budget {
  actual: number | null;
  /** null when the measurement did not run */
  pass: boolean | null;
  /** a ratio budget's two absolute figures, as measured: `actual` is figure / floor */
  measured?: { figure: number | null; floor: number | null };
}

export function check(budget: Budget, actual: number | null | undefined): BudgetCheck {
  if (actual === null || actual === undefined || Number.isNaN(actual)) return { ...budget, actual: null, pass: null };
  return { ...budget, actual, pass: budget.higherIsBetter ? actual >= budget.limit : actual <= budget.limit };
}

/**
 * A ratio budget: the figure over its floor, both measured in this run, both kept beside the ratio. `ratio` when
 * the part worked it out otherwise (the median of paired rounds' ratios, not the ratio of the medians).
 */
export function checkRatio(
  budget: Budget,
  figure: number | null | undefined,
  floor: number | null | undefined,
  ratio?: number,
): BudgetCheck {
  const known = (value: number | null | undefined) =>
    value === null || value === undefined || Number.isNaN(value) ? null : value;
  const measured = { figure: known(figure), floor: known(floor) };
  const quotient = measured.figure !== null && measured.floor ? measured.figure / measured.floor : null;
  return { ...check(budget, ratio ?? quotient), measured };
}

export function formatValue(value: number | null, unit: string): string {
  if (value === null) return 'n/a';
  if (unit === 'bytes')
    return value >= 1024 * 1024 ? `${(value / 1024 / 1024).toFixed(0)} MiB` : `${(value / 1024).toFixed(1)} KB`;
  if (unit === 'ms') return `${value.toFixed(0)} ms`;
  if (unit === 's') return `${value.toFixed(0)} s`;
  if (unit === 'x') return `${value.toFixed(2)}x`;
  if (unit === 'writes/s') return `${value.toFixed(1)} writes/s`;
  if (unit === 'MB') return `${value.toFixed(1)} MB`;
  return `${value} ${unit}`;
}
