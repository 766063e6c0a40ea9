/**
 * The performance budgets (docs/decisions/007-benchmarks.md says where each number comes from). A budget is
 * checked against one measured value; `higherIsBetter` budgets are floors, the others ceilings.
 */
import { LOAD_CONNECTIONS } from '../api/many-connections.js';
import { INITIAL_JS_BUDGET_BYTES } from './initial-js-budget.js';

export interface Budget {
  id: string;
  label: string;
  limit: number;
  unit: string;
  higherIsBetter: boolean;
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
  loadP99: {
    id: 'api.load.p99',
    label: `API p99, ${LOAD_CONNECTIONS} connections on the biggest v2 performances`,
    limit: 1000,
    unit: 'ms',
    higherIsBetter: false,
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
    id: 'web.recap.switch-to-full',
    label: 'Recap: tap "Full breakdown" to the screen switched, phone (4x CPU), median',
    limit: 100,
    unit: 'ms',
    higherIsBetter: false,
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
}

export function check(budget: Budget, actual: number | null | undefined): BudgetCheck {
  if (actual === null || actual === undefined || Number.isNaN(actual)) return { ...budget, actual: null, pass: null };
  return { ...budget, actual, pass: budget.higherIsBetter ? actual >= budget.limit : actual <= budget.limit };
}

export function formatValue(value: number | null, unit: string): string {
  if (value === null) return 'n/a';
  if (unit === 'bytes')
    return value >= 1024 * 1024 ? `${(value / 1024 / 1024).toFixed(0)} MiB` : `${(value / 1024).toFixed(1)} KB`;
  if (unit === 'ms') return `${value.toFixed(0)} ms`;
  if (unit === 's') return `${value.toFixed(0)} s`;
  if (unit === 'x') return value.toFixed(2);
  return `${value} ${unit}`;
}
