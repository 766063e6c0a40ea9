import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import type { Upstream } from './e2e/support/stack-state';

/**
 * E2E against the real `npm start` stack (API + BFF + built app), started by e2e/global-setup.ts, on two upstreams:
 * our own API (every test) and the fake hosted CompetitionSuite API (server/fake-hosted), where the user journeys
 * tagged @journey run again (on the hosted phone only those tagged @phone too): the app must work on the hosted
 * service's known operations alone.
 * The browser is Debian's chromium: we never download one (`scripts/ensure-chromium.sh` installs it).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}. Install it with \`bash scripts/ensure-chromium.sh\` (apt-get install -y chromium); never \`playwright install\`.`,
  );
}

const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };
const phone = {
  ...devices['Desktop Chrome'],
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  launchOptions,
};
const onHosted = { upstream: 'hosted' as Upstream };

export default defineConfig<{ upstream: Upstream }>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: desktop },
    { name: 'phone', use: phone },
    { name: 'hosted-desktop', use: { ...desktop, ...onHosted }, grep: /@journey/ },
    // only the phone's own journeys (@phone): the rest ran again on the hosted desktop, and on the hosted phone they
    // cost a sixth of the run for what the phone project already sees on our API (decision 140)
    { name: 'hosted-phone', use: { ...phone, ...onHosted }, grep: /@phone/ },
  ],
});
