/** One published recap page that global setup imported (from the CLI's `import` summary). */
export interface ImportedRecapPage {
  /** the page's file name in test/fixtures/recaps, without .gz (e2e/recap-pages.ts) */
  file: string;
  eventId: number;
  competitionId: number;
  title: string;
  date: string;
}

/** What global setup tells the tests about the stack it started (passed through the environment). */
export interface StackState {
  /** the BFF serving the built app and /api */
  baseURL: string;
  /** the embedded API (HTTPS, self-signed certificate at caFile) */
  apiURL: string;
  caFile: string;
  dataDir: string;
  organizationGuid: string;
  /** the web app's credentials (the BFF's) */
  clientId: string;
  clientSecret: string;
  /** a key of the same organization for tests that write as a score-entry client would */
  scoreEntry: { clientId: string; clientSecret: string };
  /** the recap pages of e2e/recap-pages.ts, imported before start */
  importedRecaps: ImportedRecapPage[];
}

export const STACK_ENV = 'E2E_STACK_STATE';

export function readStackState(): StackState {
  const text = process.env[STACK_ENV];
  if (!text) throw new Error(`${STACK_ENV} is not set: run the suite through playwright.config.ts (global setup starts the stack)`);
  return JSON.parse(text) as StackState;
}
