import { expect, type Page } from '@playwright/test';

/**
 * The service worker controls the page and has saved what opens it offline: the page's own HTML (saved once the
 * worker takes over), or for the judge's page, never saved itself, the build's shell ('/index.html').
 */
export async function savedForOffline(page: Page, saved?: '/index.html'): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async (path) =>
            navigator.serviceWorker.controller !== null &&
            (await caches.match(path ?? location.href, { ignoreVary: true })) !== undefined,
          saved,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}
