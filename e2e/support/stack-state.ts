/** What global setup tells the tests about the stack it started (passed through the environment). */
export interface StackState {
  /** the BFF serving the built app and /api */
  baseURL: string;
  /** the embedded API (HTTPS, self-signed certificate at caFile) */
  apiURL: string;
  caFile: string;
  dataDir: string;
  organizationGuid: string;
  clientId: string;
  clientSecret: string;
  /** recaps imported before start: file name -> CLI output (empty when the import command is not available) */
  importedRecaps: Record<string, string>;
}

export const STACK_ENV = 'E2E_STACK_STATE';

export function readStackState(): StackState {
  const text = process.env[STACK_ENV];
  if (!text) throw new Error(`${STACK_ENV} is not set: run the suite through playwright.config.ts (global setup starts the stack)`);
  return JSON.parse(text) as StackState;
}
