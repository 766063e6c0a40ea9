/**
 * The initial JS budget (under 110 KB gzip, so a phone on a show's network starts quickly: every new feature loads with its route or on use), in its
 * own module so that the build (vite.config.ts, which fails over it) and the bench (budgets.ts) read one number.
 */
export const INITIAL_JS_BUDGET_BYTES = 110 * 1024;
