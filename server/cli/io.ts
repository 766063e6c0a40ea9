/**
 * Where a CLI command reads and writes: the process's own stdin, stdout, stderr and environment, or, when the
 * running API serves the command for a CLI beside it (server/cli/beside-server.ts), the forwarding CLI's, carried
 * over the owner-only socket, together with the server's open database. Commands print through here, never
 * through console, so one command's output can never mix with another's or with the server's logs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../api/db/database.js';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  stdin: NodeJS.ReadableStream;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** the running server's database, when the command runs inside the server */
  database?: Database;
}

const current = new AsyncLocalStorage<CliIo>();

export function runWithIo<T>(io: CliIo, work: () => Promise<T>): Promise<T> {
  return current.run(io, work);
}

/** A line of the command's answer on its stdout. */
export function print(line: string): void {
  const io = current.getStore();
  if (io) io.out(`${line}\n`);
  else console.log(line);
}

/** A line on the command's stderr (errors, progress). */
export function printError(line: string): void {
  const io = current.getStore();
  if (io) io.err(`${line}\n`);
  else console.error(line);
}

/** The command's stderr as a stream (progress lines): the process's own, or the forwarding CLI's (never a terminal). */
export function errorStream(): { isTTY?: boolean; write(text: string): unknown } {
  const io = current.getStore();
  return io ? { isTTY: false, write: (text: string) => io.err(text) } : process.stderr;
}

export function cliInput(): { stream: NodeJS.ReadableStream; isTTY: boolean; env: NodeJS.ProcessEnv; cwd: string } {
  const io = current.getStore();
  if (io) return { stream: io.stdin, isTTY: io.isTTY, env: io.env, cwd: io.cwd };
  return { stream: process.stdin, isTTY: process.stdin.isTTY === true, env: process.env, cwd: process.cwd() };
}

/** The running server's database, when the command runs inside the server. */
export function serverDatabase(): Database | undefined {
  return current.getStore()?.database;
}
