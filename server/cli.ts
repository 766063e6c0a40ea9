/**
 * `npm run cli -- <command> ...`: administration of the service's database. Each command is a module exporting
 * `run(args)`, loaded only when called so one command's dependencies never slow down or break another.
 * Exit codes: 0 done, 1 failed, 2 wrong usage or the embedded database is held by a running server.
 */
import { CliError, UsageError } from './cli/errors.js';

interface Command {
  summary: string;
  load(): Promise<{ run(args: string[]): Promise<void> }>;
}

const commands: Record<string, Command> = {
  org: { summary: 'org create --name NAME', load: () => import('./cli/org.js') },
  key: {
    summary:
      'key create --org GUID [--redirect-uri URI ...] [--name NAME] | key list --org GUID | key revoke CLIENT_ID',
    load: () => import('./cli/key.js'),
  },
  'signing-key': { summary: 'signing-key rotate [--invalidate-tokens]', load: () => import('./cli/signing-key.js') },
  user: { summary: 'user create --org GUID --email EMAIL   (password on stdin)', load: () => import('./cli/user.js') },
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
      (name === undefined ? console.error : console.log)(usage);
      return name === undefined ? 2 : 0;
    }
    const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (!command) throw new UsageError(`Unknown command: ${name}`, usage);
    const module = await command.load().catch((error: NodeJS.ErrnoException) => {
      const missing = error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(`/cli/${name}.`);
      throw missing ? new CliError(`The ${name} command is not available in this build`) : error;
    });
    await module.run(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${error.usage}`);
      return error.exitCode;
    }
    if (error instanceof CliError) {
      console.error(error.message);
      return error.exitCode;
    }
    console.error(`Failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return 1;
  }
}

// Run through tsx (the .ts) or built (`node .build/server/cli.js`, once a start has built the servers).
const isEntryPoint =
  import.meta.url === `file://${process.argv[1]}` || /server\/cli\.[jt]s$/.test(process.argv[1] ?? '');
if (isEntryPoint) process.exitCode = await main(process.argv.slice(2));
