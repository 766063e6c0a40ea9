/**
 * The app's own side of its pages, from the build: `<build>/.ssr/entry-server.js` (vite.config.ts builds it from
 * src/entry-server.tsx next to the assets it hydrates) gives the page table (`planPage`: a page's route module,
 * its reads, and whether it is rendered here) and the server render. A new build is loaded as soon as it is
 * written. Without it (an older build, a test fixture) every page is the plain app, without hints.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LogLine } from '../log.js';

/** A page's plan, as the app declares it on its routes (src/app/pages.ts). */
export interface PagePlan {
  /** the route's module as the Vite manifest names it */
  module: string;
  /** the `/api/...` URLs its loader reads */
  reads: string[];
  serverRendered: boolean;
}

export interface RenderedPage {
  /** the app's markup for `<div id="root">` */
  html: string;
  /** the server state as JSON, safe inside `<script type="application/json">` */
  state: string;
}

/** How the app reads `/api/...` while rendering: through this BFF, in-process (its cache, token and coalescing). */
export type InProcessRead = (url: string) => Promise<Response>;

interface EntryModule {
  planPage(pathname: string): PagePlan | undefined;
  createPageRenderer(read: InProcessRead): (url: string) => Promise<RenderedPage | undefined>;
}

export interface AppEntry {
  plan(pathname: string): Promise<PagePlan | undefined>;
  /** the page rendered, or undefined when it cannot be (its loaders failed, the render threw, no entry) */
  render(url: string): Promise<RenderedPage | undefined>;
}

export function loadAppEntry(options: { dir: string; read: InProcessRead; log: (line: LogLine) => void }): AppEntry {
  const file = path.join(path.resolve(options.dir), '.ssr', 'entry-server.js');
  let loaded: { mtimeMs: number; entry?: { planPage: EntryModule['planPage']; render: ReturnType<EntryModule['createPageRenderer']> } } | undefined;

  async function entry() {
    const mtimeMs = await stat(file).then((info) => info.mtimeMs, () => -1);
    if (loaded?.mtimeMs !== mtimeMs) {
      let next: NonNullable<typeof loaded>['entry'];
      if (mtimeMs !== -1) {
        try {
          // A new build is a new module: the query string makes Node load it instead of the one it has.
          const module = (await import(`${pathToFileURL(file).href}?build=${mtimeMs}`)) as EntryModule;
          next = { planPage: module.planPage, render: module.createPageRenderer(options.read) };
        } catch (error) {
          options.log({ level: 'error', msg: 'server renderer failed to load', error: (error as Error).name, detail: (error as Error).message });
        }
      }
      loaded = { mtimeMs, entry: next };
    }
    return loaded.entry;
  }

  // Loaded now, not on the first visitor's request: the bundle takes a moment to load and compile.
  void entry();

  return {
    async plan(pathname) {
      return (await entry())?.planPage(pathname);
    },
    async render(url) {
      const current = await entry();
      if (!current) return undefined;
      try {
        return await current.render(url);
      } catch (error) {
        options.log({ level: 'error', msg: 'server render failed', error: (error as Error).name, detail: (error as Error).message, path: new URL(url).pathname });
        return undefined;
      }
    },
  };
}
