/**
 * `npm start` and `npm run api`: the servers as built JavaScript, run by plain `node` (decision 056; tsx costs a
 * running server a third more memory and 40% more CPU to start, decision 053).
 *
 *   node scripts/start.js        server/start.ts: the API, the BFF and the web app (npm start)
 *   node scripts/start.js api    server/api/server.ts: the API alone (npm run api)
 *
 * Builds server/ and domain/ into .build/ when it is missing or older than any of their files (as server/start.ts
 * builds the web app's dist/), then imports the built entry in this process. Plain JavaScript, so it needs nothing
 * but node and esbuild to run. The build transpiles file by file with the tree's layout kept (.build/server/...,
 * .build/domain/...), not a bundle: relative imports, `import.meta.url` and the packages in node_modules resolve
 * from the built files as from the sources.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.build');
const stampFile = path.join(outDir, 'built-at');
const lockDir = path.join(root, '.build.lock');

const ENTRIES = { start: 'server/start.js', api: 'server/api/server.js' };
/** What the servers are made of. The fake hosted service is left out: it imports test/ and is never shipped. */
const SOURCE_DIRS = ['server', 'domain'];
const LEFT_OUT = [path.join('server', 'fake-hosted')];
/** Files the servers read beside their own modules at run time (migrate.ts reads its SQL next to itself). */
const ASSETS = ['server/api/db/migrations'];

const which = process.argv[2] ?? 'start';
if (!Object.hasOwn(ENTRIES, which)) {
  console.error(`Usage: node scripts/start.js [${Object.keys(ENTRIES).join('|')}]`);
  process.exit(2);
}

try {
  await buildIfStale();
} catch (error) {
  console.error(`Building the servers failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const entry = path.join(outDir, ENTRIES[which]);
// The entry modules start themselves when they are the script node runs (server/api/server.ts checks argv[1]).
process.argv[1] = entry;
await import(pathToFileURL(entry).href);

async function buildIfStale() {
  if (isFresh()) return;
  await withBuildLock(async () => {
    // Another start (the end-to-end tests start two stacks at once) may have built while this one waited.
    if (isFresh()) return;
    const startedAt = new Date();
    log('Building the servers (esbuild)');
    const staging = `${outDir}.tmp-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    // Loaded only to build: a start that reuses the build keeps neither esbuild nor its service process around.
    const esbuild = await import('esbuild');
    try {
      await esbuild.build({
        entryPoints: SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir))),
        outdir: staging,
        outbase: root,
        bundle: false,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        // What tsc checks against (tsconfig.base.json's target ES2023 implies it); given here, as the root
        // tsconfig.json esbuild would find lists only the sides' own files.
        tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } },
        logLevel: 'warning',
      });
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    } finally {
      await esbuild.stop();
    }
    for (const asset of ASSETS) cpSync(path.join(root, asset), path.join(staging, asset), { recursive: true });
    // Stamped with the time the build began: a source saved during the build makes the next start build again.
    writeFileSync(path.join(staging, 'built-at'), `${startedAt.toISOString()}\n`);
    utimesSync(path.join(staging, 'built-at'), startedAt, startedAt);
    // Swapped in whole, so a start never runs half of one build and half of another, nor a file since deleted.
    rmSync(outDir, { recursive: true, force: true });
    renameSync(staging, outDir);
  });
}

/** Built, and no file or folder of the sources (a folder's time changes when a file is added or removed) is newer. */
function isFresh() {
  if (!existsSync(stampFile)) return false;
  const builtAt = statSync(stampFile).mtimeMs;
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const visit = (dir) => {
    newest = Math.max(newest, statSync(dir).mtimeMs);
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) visit(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) visit(path.join(root, dir));
  return newest <= builtAt;
}

/** The TypeScript modules under `dir`, without tests, declarations and what LEFT_OUT names. */
function sourceFiles(dir) {
  if (LEFT_OUT.includes(path.relative(root, dir))) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(full);
    return item.name.endsWith('.ts') && !item.name.endsWith('.test.ts') && !item.name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * One build at a time across processes: a lock folder (mkdir is atomic) holding its owner's pid. A lock whose
 * owner is gone (a start stopped mid-build) is taken over.
 */
async function withBuildLock(work) {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (lockIsAbandoned()) rmSync(lockDir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
    await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function lockIsAbandoned() {
  let pid = NaN;
  try {
    pid = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'));
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  if (!Number.isInteger(pid) || pid <= 0) {
    // No pid yet: its owner has just made the folder, unless that was long ago and it died before writing it.
    const made = statSync(lockDir, { throwIfNoEntry: false });
    return made !== undefined && Date.now() - made.mtimeMs > 10_000;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

function log(msg) {
  console.log(JSON.stringify({ level: 'info', msg }));
}
