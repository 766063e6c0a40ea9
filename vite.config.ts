import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { getMimeType } from 'hono/utils/mime';
import { build, defineConfig, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { INITIAL_JS_BUDGET_BYTES } from './bench/lib/initial-js-budget.js';
import { isCompressible } from './server/bff/http/compression.js';

/** Gzipped size (level 9, as the bench measures) of the JS a first visit must load: the entry chunk and its static imports. */
function initialJsBudget(limit: number): Plugin {
  return {
    name: 'initial-js-budget',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    // On the written files: the code generateBundle sees lacks what is substituted as the files are written.
    writeBundle(options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])),
      );
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const bytes = [...initial].reduce(
        (sum, fileName) =>
          sum + gzipSync(readFileSync(path.join(options.dir ?? 'dist', fileName)), { level: 9 }).length,
        0,
      );
      const message = `initial JS ${(bytes / 1024).toFixed(1)} KB gzip (budget ${(limit / 1024).toFixed(0)} KB) in ${initial.size} chunk(s)`;
      if (bytes > limit) this.error(message);
      this.info(message);
    },
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` at maximum effort next to each emitted asset the BFF would compress (its own
 * rule, server/bff/http/compression.ts, on the file's content type as its file server gives it), which it then serves
 * by Accept-Encoding (server/bff/http/representation.ts). Compressing once at build time affords brotli's slowest,
 * smallest setting. index.html is left out: the BFF adds each page's preload hints to it, then compresses it.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'precompress-assets',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const writes = Object.values(bundle)
        // .vite/manifest.json is read by the BFF from disk, never sent.
        .filter((item) => !item.fileName.startsWith('.vite/') && item.fileName !== 'index.html')
        .map(async (item) => {
          const source = Buffer.from(item.type === 'chunk' ? item.code : item.source);
          if (!isCompressible(getMimeType(item.fileName) ?? '', source.length)) return;
          const file = path.join(dir, item.fileName);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        });
      await Promise.all(writes);
    },
  };
}

/**
 * Where the server entry goes inside the build: a dot directory, which the BFF never serves
 * (server/bff/http/static-files.ts).
 */
const SERVER_ENTRY_DIR = '.ssr';

/**
 * After the browser build, the server entry (src/entry-server.tsx) into `<outDir>/.ssr/`, so every build, whatever
 * its --outDir, carries the renderer that matches its own assets (server/bff/pages/app-entry.ts loads it). Everything
 * it imports is bundled in: it runs from wherever the build is, without node_modules beside it.
 */
function serverEntry(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'server-entry',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: config.logLevel,
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: path.join(config.build.outDir, SERVER_ENTRY_DIR),
          emptyOutDir: true,
        },
      });
    },
  };
}

/**
 * React Router's build without its development warnings, for a built app. Its package names only
 * `dist/development` in its exports (remix-run/react-router#14102, open), so a production build gets the warnings'
 * code too: 0.6 KB gzip of the fans' initial JS. The production files differ from those in one flag
 * (`ENABLE_DEV_WARNINGS`); both of the app's entries (`react-router`, `react-router/dom`) point there, so one copy
 * of the router's contexts serves every chunk and the server render (docs/decisions/119).
 */
function reactRouterProduction() {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'production', 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'production', 'dom-export.mjs') },
  ];
}

/**
 * The web app manifest (installable) and the service worker (offline), decision 038. The worker is ours
 * (src/sw/service-worker.ts, Workbox's modules); the plugin builds it and hands it the build's hashed files. The app
 * registers it itself, after the first paint (src/lib/register-service-worker.ts).
 */
function offlineApp(): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'service-worker.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      name: 'Marching Results',
      short_name: 'Results',
      description: 'Scores, recaps, schedules and standings of the marching arts circuit.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1e3a8a',
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      ],
    },
    injectManifest: {
      // Only the hashed files: not index.html (a page is network first), not the .br/.gz copies beside them.
      globPatterns: ['assets/**/*.{js,css}'],
    },
  });
}

/** The build's name, as a judge's tablet reports it: the package's version and the commit, when there is one. */
function appBuild(): string {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  if (process.env.APP_BUILD) return process.env.APP_BUILD;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return `${version}+${commit}`;
  } catch {
    return version;
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  define: { 'import.meta.env.VITE_APP_BUILD': JSON.stringify(appBuild()) },
  plugins: [
    react(),
    tailwindcss(),
    initialJsBudget(INITIAL_JS_BUDGET_BYTES),
    precompressAssets(),
    serverEntry(),
    isSsrBuild ? [] : offlineApp(),
  ],
  server: {
    // The app only talks to the BFF; in dev the BFF runs on 8080 (override with BFF_URL).
    proxy: { '/api': { target: process.env.BFF_URL ?? 'http://localhost:8080' } },
  },
  preview: {
    proxy: { '/api': { target: process.env.BFF_URL ?? 'http://localhost:8080' } },
  },
  ssr: { noExternal: true },
  // The dev server and the tests keep the warnings.
  resolve: command === 'build' ? { alias: reactRouterProduction() } : {},
  // The manifest (dist/.vite/manifest.json, never served: the BFF refuses dotfiles) tells the BFF which chunks a
  // page's route needs, for its preload hints (server/bff/pages/route-chunks.ts).
  build: isSsrBuild
    ? {
        copyPublicDir: false,
        // One file: the BFF imports it with a query string per build (app-entry.ts), and a chunk importing the entry
        // back by its plain name would load a second copy of the router, whose context the first copy's pages lack.
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          output: {
            // Few files on a first visit: a phone on HTTP/1.1 opens 6 connections, and a 7th file waits a whole round
            // trip. Everything the entry loads statically is one chunk (rolldown's default split React, the router and
            // the app shell over two files), and app code that two or more routes use is one more, so the recap needs
            // index, shared, its own chunk, the CSS and its data.
            codeSplitting: {
              groups: [
                { name: 'index', tags: ['$initial'] },
                { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2 },
              ],
            },
          },
        },
      },
}));
