import { spawn } from 'node:child_process';
import path from 'node:path';

const TSX = path.resolve('node_modules/.bin/tsx');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** DATA_DIR of the command (the embedded database) */
  dataDir: string;
  stdin?: string;
  /** extra environment, e.g. DATABASE_URL for a PostgreSQL database */
  env?: Record<string, string>;
  /** run under this umask (octal text such as '000'), as a user's shell might */
  umask?: string;
}

/** Runs `tsx server/cli.ts ...args` as its own process, like `npm run --silent cli -- ...args`. */
export function cli(args: string[], options: CliOptions): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir };
    delete env.DATABASE_URL;
    Object.assign(env, options.env);
    const [command, commandArgs] = withUmask(options.umask, TSX, ['server/cli.ts', ...args]);
    const child = spawn(command, commandArgs, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/** The command line that runs `command args` under `umask` (through sh, which sets it and then execs). */
export function withUmask(umask: string | undefined, command: string, args: string[]): [string, string[]] {
  if (umask === undefined) return [command, args];
  return ['sh', ['-c', `umask ${umask} && exec "$0" "$@"`, command, ...args]];
}
