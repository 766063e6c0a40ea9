/**
 * Server rendering of the pages page-hints.ts marks: the build's own renderer (`<build>/.ssr/entry-server.js`,
 * written by vite.config.ts next to the assets it hydrates) runs the page's loaders against the BFF's read proxy,
 * in-process, and renders the app's HTML. Without a renderer in the build (an older build, a test fixture) or when
 * a render fails, the page goes out as the plain app, which loads and shows everything itself.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LogLine } from './log.js';

export interface RenderedPage {
  /** the app's markup for `<div id="root">` */
  html: string;
  /** the server state as JSON, safe inside `<script type="application/json">` */
  state: string;
}

/** How the renderer reads `/api/...`: the BFF's own proxy, so a render shares its cache, token and coalescing. */
export type InProcessRead = (url: string) => Promise<Response>;

interface RendererModule {
  createPageRenderer(transport: InProcessRead): (url: string) => Promise<RenderedPage | undefined>;
}

export type RenderPage = (url: string) => Promise<RenderedPage | undefined>;

export function createServerRenderer(options: { dir: string; read: InProcessRead; log: (line: LogLine) => void }): RenderPage {
  const entry = path.join(path.resolve(options.dir), '.ssr', 'entry-server.js');
  let loaded: { mtimeMs: number; render: RenderPage | undefined } | undefined;

  async function renderer(): Promise<RenderPage | undefined> {
    const mtimeMs = await stat(entry).then((info) => info.mtimeMs, () => -1);
    if (loaded?.mtimeMs !== mtimeMs) {
      let render: RenderPage | undefined;
      if (mtimeMs !== -1) {
        try {
          // A new build is a new module: the query string makes Node load it instead of the one it has.
          const module = (await import(`${pathToFileURL(entry).href}?build=${mtimeMs}`)) as RendererModule;
          render = module.createPageRenderer(options.read);
        } catch (error) {
          options.log({ level: 'error', msg: 'server renderer failed to load', error: (error as Error).name, detail: (error as Error).message });
        }
      }
      loaded = { mtimeMs, render };
    }
    return loaded.render;
  }

  // Loaded now, not on the first visitor's request: the bundle takes a moment to load and compile.
  void renderer();

  return async (url) => {
    const render = await renderer();
    if (!render) return undefined;
    try {
      return await render(url);
    } catch (error) {
      options.log({ level: 'error', msg: 'server render failed', error: (error as Error).name, detail: (error as Error).message, path: new URL(url).pathname });
      return undefined;
    }
  };
}
