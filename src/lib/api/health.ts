import type { paths } from '../api-types';
import { apiUrl, browserFetch, send } from './core';

/**
 * Resolves once the server answers at all (its health read, never a saved copy), whatever it says: the offline page
 * then loads the page again. No answer is an ApiError with status 0.
 */
export async function serverAnswers(): Promise<void> {
  await send(browserFetch, apiUrl('/health' satisfies keyof paths, {}), { cache: 'no-store' });
}
