import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import net from 'node:net';
import { freePort } from '../../test/helpers/free-port';

export { freePort };

export interface Started {
  child: ChildProcess;
  /** resolves with the first stdout line that `match` accepts */
  waitForLine(match: (line: string) => boolean, timeoutMs: number): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a child in its own process group, its output teed to `logFile`; `stop` ends the whole group. */
export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): Started {
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  const lines: string[] = [];
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    log.write(chunk);
    buffer += chunk.toString('utf8');
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.match(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  /** the last lines of both streams, said if the child dies during the run (its log file goes with the run's folder) */
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString('utf8').split('\n'));
    tail.splice(0, Math.max(0, tail.length - 60));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', (chunk: Buffer) => (log.write(chunk), keep(chunk)));
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `\n${command} ${args.join(' ')} exited (${code ?? signal}) during the run; its last lines:\n${tail.join('\n')}\n`,
      );
  });
  return {
    child,
    waitForLine(match, timeoutMs) {
      const seen = lines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching output within ${timeoutMs} ms; see ${logFile}`)),
          timeoutMs,
        );
        child.once('exit', (code) =>
          reject(new Error(`${command} exited (${code}) before it was ready; see ${logFile}`)),
        );
        waiters.push({ match, resolve: (line) => (clearTimeout(timer), resolve(line)) });
      });
    },
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const killed = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(killed);
      log.end();
    },
  };
}

/** Polls `url` until it answers 200 or the deadline passes. */
export async function waitForOk(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})`);
}

/** A TCP relay to `target`: lets a test cut the BFF off from the API and watch what the app shows. */
export async function startRelay(
  targetHost: string,
  targetPort: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => (client.destroy(), upstream.destroy(), sockets.delete(client), sockets.delete(upstream));
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
