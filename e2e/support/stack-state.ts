/** One published recap page that global setup imported (from the CLI's `import` summary). */
export interface ImportedRecapPage {
  /** the page's file name in test/fixtures/recaps, without .gz (e2e/recap-pages.ts) */
  file: string;
  eventId: number;
  competitionId: number;
  title: string;
  date: string;
}

/** The two upstreams the app runs on: our own API, and the fake hosted CompetitionSuite API (server/fake-hosted). */
export type Upstream = 'ours' | 'hosted';

/** What global setup tells the tests about a stack it started (passed through the environment). */
export interface StackState {
  upstream: Upstream;
  /** the BFF serving the built app and /api */
  baseURL: string;
  /** the upstream API (HTTPS, self-signed certificate at caFile) */
  apiURL: string;
  caFile: string;
  /** the organization the BFF reads (API_ORGANIZATION) */
  organizationGuid: string;
  /** the web app's credentials (the BFF's) */
  clientId: string;
  clientSecret: string;
  /** our API only: a key of the same organization for tests that write as a score-entry client would */
  scoreEntry?: { clientId: string; clientSecret: string };
  /** our API only: the recap pages of e2e/recap-pages.ts, imported before start */
  importedRecaps: ImportedRecapPage[];
}

export const STACK_ENV: Record<Upstream, string> = { ours: 'E2E_STACK_STATE', hosted: 'E2E_HOSTED_STACK_STATE' };

export function readStackState(upstream: Upstream): StackState {
  const text = process.env[STACK_ENV[upstream]];
  if (!text)
    throw new Error(
      `${STACK_ENV[upstream]} is not set: run the suite through playwright.config.ts (global setup starts the stacks)`,
    );
  return JSON.parse(text) as StackState;
}
