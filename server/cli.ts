/**
 * `npm run cli -- <command> ...`: administration of the service's database. Each command is a module exporting
 * `run(args)`, loaded only when called so one command's dependencies never slow down or break another.
 * Exit codes: 0 done, 1 failed, 2 wrong usage or the embedded database is held by a running server.
 */
import path from 'node:path';
import { CliError, UsageError } from './cli/errors.js';
import { cliInput, print, printError, serverDatabase } from './cli/io.js';
import { dataDirHolder } from './api/db/data-dir-lock.js';

interface Command {
  summary: string;
  load(): Promise<{ run(args: string[]): Promise<void> }>;
}

const commands: Record<string, Command> = {
  org: { summary: 'org create --name NAME', load: () => import('./cli/org.js') },
  key: {
    summary:
      'key create --org GUID [--redirect-uri URI ...] [--name NAME] [--read-only] | key list --org GUID | key revoke CLIENT_ID',
    load: () => import('./cli/key.js'),
  },
  'signing-key': { summary: 'signing-key rotate [--invalidate-tokens]', load: () => import('./cli/signing-key.js') },
  user: {
    summary:
      'user create --org GUID --email EMAIL [--role ROLE] [--link] | user update --org GUID --email EMAIL [--role ROLE] [--disabled true|false] | user list --org GUID',
    load: () => import('./cli/user.js'),
  },
  audit: { summary: 'audit verify --org GUID', load: () => import('./cli/audit.js') },
  draw: {
    summary: 'draw verify --competition GUID | draw verify --published URL',
    load: () => import('./cli/draw.js'),
  },
  backup: { summary: 'backup create --out FILE | backup restore --from FILE', load: () => import('./cli/backup.js') },
  import: { summary: 'import ...   (see: cli import --help)', load: () => import('./cli/import.js') },
  sample: { summary: 'sample ...   (see: cli sample --help)', load: () => import('./cli/sample.js') },
};

export const usage = [
  'Usage: npm run --silent cli -- <command>',
  '',
  'Commands:',
  ...Object.values(commands).map((c) => `  ${c.summary}`),
].join('\n');

/** Runs one command line and returns the exit code; never throws. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      (name === undefined ? printError : print)(usage);
      return name === undefined ? 2 : 0;
    }
    const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (!command) throw new UsageError(`Unknown command: ${name}`, usage);
    const handedOver = await handOverIfHeld(argv);
    if (handedOver !== undefined) return handedOver;
    const module = await command.load().catch((error: NodeJS.ErrnoException) => {
      const missing = error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(`/cli/${name}.`);
      throw missing ? new CliError(`The ${name} command is not available in this build`) : error;
    });
    await module.run(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      printError(`${error.message}\n${error.usage}`);
      return error.exitCode;
    }
    if (error instanceof CliError) {
      printError(error.message);
      return error.exitCode;
    }
    printError(`Failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return 1;
  }
}

/**
 * While a running server holds the embedded database, the command runs in that server, over its owner-only channel
 * (cli/beside-server.ts), with the same output; undefined when it runs here (PostgreSQL, nobody holding the
 * embedded database, or already inside the server). A holder that does not answer leaves the command refused
 * (exit code 2), with the reason.
 */
async function handOverIfHeld(argv: string[]): Promise<number | undefined> {
  if (serverDatabase()) return undefined;
  const input = cliInput();
  if (input.env.DATABASE_URL) return undefined;
  const dataDir = input.env.DATA_DIR || '.data';
  const holder = dataDirHolder(dataDir);
  if (!holder) return undefined;
  const { forwardToServer, HolderNotAnswering } = await import('./cli/channel-client.js');
  try {
    return await forwardToServer(dataDir, argv, { ...input, stdin: input.stream });
  } catch (error) {
    if (!(error instanceof HolderNotAnswering)) throw error;
    throw new CliError(
      `The embedded database in ${path.resolve(dataDir)} is in use by a running ${holder.holder} (pid ${holder.pid}), ` +
        `which does not answer: ${error.message}. Stop it first, or point this command at another DATA_DIR or a PostgreSQL DATABASE_URL.`,
      2,
    );
  }
}

// Run through tsx (the .ts) or built (`node .build/server/cli.js`, once a start has built the servers).
const isEntryPoint =
  import.meta.url === `file://${process.argv[1]}` || /server\/cli\.[jt]s$/.test(process.argv[1] ?? '');
if (isEntryPoint) process.exitCode = await main(process.argv.slice(2));
