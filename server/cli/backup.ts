/**
 * `backup create --out FILE` and `backup restore --from FILE` (docs/decisions/114-backups-of-the-embedded-database.md).
 * Beside a running server, `create` runs in the server (decision 063), which takes its database's files between two
 * transactions while it goes on serving; `restore` fills a new, empty DATA_DIR and never touches a running server's.
 * With DATABASE_URL both refuse: PostgreSQL backs itself up.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { readApiConfig } from '../api/config.js';
import { automaticBackupName, BackupError } from '../api/backup/backup-format.js';
import { backupLogOf } from '../api/backup/backup-log.js';
import { createBackup } from '../api/backup/create-backup.js';
import { restoreBackup } from '../api/backup/restore-backup.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';
import { cliInput, print, serverDatabase } from './io.js';
import { startByteProgress } from './progress.js';

export const usage = [
  'Usage: cli backup create --out FILE | backup restore --from FILE',
  '',
  '  create   writes a backup of DATA_DIR (the embedded database and its keys) to FILE, or into FILE when it is a',
  '           folder, while the server runs or not; prints {"file","bytes","createdAt","ms"}',
  '  restore  fills a new, empty DATA_DIR from FILE and checks its audit trails; prints what it restored',
].join('\n');

const POSTGRES_POINTER =
  'DATABASE_URL is set: the data is in PostgreSQL, which this command does not back up. Use PostgreSQL\'s own tools: pg_dump --format=custom --file=FILE "$DATABASE_URL", and pg_restore to put it back (docs/running-a-show.md, "Backups")';

export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === '--help' || action === '-h') return print(usage);
  if (action !== 'create' && action !== 'restore')
    throw new UsageError(action ? `Unknown backup command: ${action}` : 'Missing backup command', usage);
  const { env, cwd } = cliInput();
  let config;
  try {
    config = readApiConfig(env);
  } catch (error) {
    throw new CliError(`Configuration error: ${(error as Error).message}`, 2);
  }
  if (config.databaseUrl) throw new CliError(POSTGRES_POINTER, 2);
  try {
    if (action === 'create') {
      const flags = parseFlags(rest, { out: { required: true } }, usage);
      await create(flags.out!, config.dataDir, cwd);
    } else {
      const flags = parseFlags(rest, { from: { required: true } }, usage);
      await restore(flags.from!, config.dataDir, cwd);
    }
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
}

async function create(out: string, dataDir: string, cwd: string): Promise<void> {
  let given = out;
  let file = path.resolve(cwd, out);
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) {
    const name = automaticBackupName(new Date());
    given = path.join(out, name);
    file = path.join(file, name);
  } else if (existing) {
    throw new CliError(`${out} already exists: name a new file (a backup never replaces one)`);
  }
  const progress = startByteProgress();
  const running = serverDatabase();
  if (!running) await requireDatabase(dataDir);
  const made = await withDatabase((database) =>
    createBackup(database, { dataDir, file, onProgress: (done, total) => progress.update(done, total) }),
  );
  progress.finish();
  if (running)
    backupLogOf(running).made({
      at: made.createdAt,
      file: path.basename(file),
      bytes: made.bytes,
      automatic: false,
    });
  print(JSON.stringify({ file: given, bytes: made.bytes, createdAt: made.createdAt, ms: made.ms }));
}

async function restore(from: string, dataDir: string, cwd: string): Promise<void> {
  const progress = startByteProgress();
  const restored = await restoreBackup({
    file: path.resolve(cwd, from),
    // DATA_DIR is the settings' own, relative to the process that reads them (the server's, run in it)
    dataDir: path.resolve(dataDir),
    onProgress: (done, total) => progress.update(done, total),
  });
  progress.finish();
  print(JSON.stringify({ dataDir, from, ...restored }));
  const broken = restored.organizations.find((organization) => !organization.auditOk);
  if (broken)
    throw new CliError(
      `Restored, but the audit trail of ${broken.name} (${broken.guid}) does not verify: run audit verify --org ${broken.guid}`,
    );
}

/** Without a running server: a DATA_DIR with no database in it is a mistake, not an empty backup to make. */
async function requireDatabase(dataDir: string): Promise<void> {
  const version = await stat(path.join(path.resolve(dataDir), 'pglite', 'PG_VERSION')).catch(() => undefined);
  if (!version) throw new CliError(`There is no database in DATA_DIR ${path.resolve(dataDir)}: nothing to back up`);
}
