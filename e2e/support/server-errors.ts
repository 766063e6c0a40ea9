import type { Page } from '@playwright/test';

/**
 * Every answer a page reads through the BFF with a 5xx status, kept to check at the end of a journey that there was
 * none (a client's mistake or a refusal is a 4xx, never a server error).
 */
export function noServerErrors(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}
