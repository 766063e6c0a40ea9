// The lint keeps the architecture's boundaries (../shared/STYLE.md, "Every fact in one place"): features never
// import each other; shared code (components, lib, config) never imports a feature; the API, the BFF and the web
// app never import each other; no import cycles. It is run by `npm test` (scripts/test.sh).
import pluginQuery from '@tanstack/eslint-plugin-query';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The features are the folders under src/features: a new one is walled in without editing this file. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Each feature folder may import only itself among the features, except that the set-up pages (setup) are the
 * console's (manage) own forms: they share its dialogs, refusal messages and session reads.
 */
const ALSO_IMPORTS = { setup: ['./manage'] };
const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`, ...(ALSO_IMPORTS[feature] ?? [])],
  message: 'Features never import each other: compose them in src/app/.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.build/**',
      'node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'src/lib/api-types.ts',
      'src/lib/bff-types.ts',
      '.data/**',
      '.tsbuild/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Dependencies are parsed to follow cycles: with TypeScript's parser, or no-cycle silently sees nothing.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: ['./src/components', './src/lib', './src/config'],
              from: './src/features',
              message: 'Shared code never imports a feature.',
            },
            {
              target: './src',
              from: './server',
              message: 'The web app reaches the API only through the BFF, over HTTP.',
            },
            { target: './server/api', from: ['./server/bff', './src'], message: 'The API stands alone.' },
            { target: './server/bff', from: './server/api', message: 'The BFF reaches the API only over HTTP.' },
            // The app's server entry is the contract of the pages the BFF renders (server/bff/pages/app-entry.ts):
            // its types only; the BFF loads the module itself from the build.
            {
              target: './server/bff',
              from: './src',
              except: ['./entry-server.tsx'],
              message: 'The BFF reaches the web app only through its build.',
            },
            {
              target: './server/http-shared',
              from: ['./server/api', './server/bff', './src'],
              message: 'Shared HTTP code imports neither side.',
            },
            // Layers point down: the data layer stores what auth hands it (hashes, ids) and never reaches up.
            {
              target: './server/api/db',
              from: ['./server/api/auth', './server/api/routes', './server/api/http'],
              message: 'The data layer imports neither auth, routes nor HTTP: they call it.',
            },
            // The domain (guids, ids, dates, group types...) is what every side shares: it stands alone.
            {
              target: './domain',
              from: ['./server', './src', './test', './e2e', './bench', './scripts'],
              message: 'The domain imports nothing of the API, the BFF or the app: they import it.',
            },
            // The fake hosted service embeds our API and serves the recap fixtures; it is run, tested and benched,
            // never part of what we ship.
            {
              target: './server/fake-hosted',
              from: ['./server', './src'],
              except: ['./api', './fake-hosted'],
              message:
                'The fake hosted service may import our API (which it embeds), the domain and test/fixtures only.',
            },
            {
              target: [
                './server/api',
                './server/bff',
                './server/http-shared',
                './server/start',
                './server/cli',
                './src',
              ],
              from: './server/fake-hosted',
              message: 'Nothing we ship imports the fake hosted service.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The servers are async throughout: a promise nobody awaits loses its error (an unhandled rejection ends the
  // process) and its ordering; an async function where a callback's result is ignored (an event handler, forEach)
  // does the same. These rules need the types (each side's tsconfig, found by the project service), so they run
  // only where they pay: the server side.
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // A query's key names everything its fetch depends on (a key on the guid that fetches by the id would serve one
  // competition's schedule for another's), and the other TanStack Query mistakes the plugin knows.
  ...pluginQuery.configs['flat/recommended'].map((config) => ({ ...config, files: ['src/**/*.{ts,tsx}'] })),
);
