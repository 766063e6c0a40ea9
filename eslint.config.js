// The lint keeps the architecture's boundaries (docs/style.md, "Folders show the architecture"): features never
// import each other; shared code (components, lib, config) never imports a feature; the API, the BFF and the web
// app never import each other; no import cycles. It is run by `npm test` (scripts/test.sh).
import pluginQuery from '@tanstack/eslint-plugin-query';
import { readdirSync } from 'node:fs';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The features are the folders under src/features: a new one is walled in without editing this file. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Each feature folder may import only itself among the features. What several signed-in features share (the session
 * gate, dialogs, reading refusals) is shared code: src/components/signed-in, src/lib/signed-in (decision 110).
 */
const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'Features never import each other: compose them in src/app/.',
}));

/** Where typescript-eslint's type-checked rules run (decision 122). */
const TYPED = [
  'domain/**/*.ts',
  'scripts/**/*.ts',
  'server/api/**/*.ts',
  'server/bff/**/*.ts',
  'server/cli/**/*.ts',
  'server/cli.ts',
  'server/fake-hosted/**/*.ts',
  'server/http-shared/**/*.ts',
  'server/start/**/*.ts',
  'server/start.ts',
  'src/**/*.{ts,tsx}',
  'test/**/*.ts',
  'e2e/**/*.ts',
  'bench/**/*.ts',
];

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
  // The markup's accessibility that a static check can see (a label for every control, roles with their required
  // ARIA, no autofocus stealing a screen reader's place); axe checks the rendered pages in e2e (decision 122).
  { ...jsxA11y.flatConfigs.recommended, files: ['src/**/*.tsx'] },
  {
    files: ['src/**/*.tsx'],
    rules: {
      // A region that scrolls sideways is focusable so a keyboard can scroll it (axe's scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], allowExpressionValues: true }],
      // A component's autoFocus prop is checked where it reaches the DOM.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  // typescript-eslint's recommended type-checked rules on every TypeScript file, each checked with its own side's
  // tsconfig (the project service finds it): a promise nobody awaits, an async function where a callback's result is
  // ignored, `any` leaking into typed code, a template that prints [object Object], a method passed without its
  // object (decision 122; the servers had the first two alone since decision 055).
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TYPED })),
  {
    files: TYPED,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A name starting with _ is one kept on purpose (a rest sibling left out, an argument a signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  // react-router's loaders answer 404 or a redirect by throwing a Response (its documented contract: the router
  // renders the route's error boundary or follows the redirect); anything else thrown is still an Error.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
    },
  },
  // Tests read answers loosely, as `any` (decision 055): the test asserts the shape itself, and a test helper typing
  // every answer would be a second copy of the API's schemas. The rules about `any` flowing stay on everywhere else.
  {
    files: ['test/**', 'e2e/**', 'bench/**', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // File names say what a file holds (docs/style.md): the API's v4 resources are <resource>.routes.ts (declarations)
  // beside <resource>.ts (handlers); its repositories <resource>.read.ts and <resource>.write.ts, or <resource>.ts
  // holding both (decision 046); a BFF view is <name>.view.ts (decision 045).
  {
    files: ['server/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          'server/api/routes/v4/*.ts': '+([a-z0-9-])?(.routes)',
          'server/api/db/repositories/*.ts': '+([a-z0-9-])?(.read|.write)',
          'server/**/*.ts': '+([a-z0-9-])?(.+([a-z0-9-]))',
        },
      ],
      'check-file/filename-blocklist': [
        'error',
        {
          'server/api/routes/**/*-routes.ts': '*.routes.ts',
          'server/api/routes/**/*.route.ts': '*.routes.ts',
          '**/*-read.ts': '*.read.ts',
          '**/*.reads.ts': '*.read.ts',
          '**/*-write.ts': '*.write.ts',
          '**/*.writes.ts': '*.write.ts',
          'server/bff/views/*-view.ts': '*.view.ts',
        },
      ],
    },
  },
  // A feature's api/ holds its reads (get-<thing>.ts, each a query-options factory), its keys, its writes
  // (<thing>-writes.ts) and the hooks on them (use-<thing>.ts): a reader finds a page's read by its name (decision 122).
  {
    files: ['src/features/*/api/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { 'src/features/*/api/*.ts': '@(keys|get-+([a-z0-9-])|use-+([a-z0-9-])|+([a-z0-9-])-writes)?(.test)' },
      ],
    },
  },
  // A query's key names everything its fetch depends on (a key on the guid that fetches by the id would serve one
  // competition's schedule for another's), and the other TanStack Query mistakes the plugin knows.
  ...pluginQuery.configs['flat/recommended'].map((config) => ({ ...config, files: ['src/**/*.{ts,tsx}'] })),
);
