/**
 * The CLI beside a running server (docs/decisions/063-cli-beside-a-running-server.md). PGlite is one process: while
 * the API holds the embedded database, no other process may open it. So the API serves an owner-only channel, a
 * Unix socket `cli.sock` in DATA_DIR (the folder is the owner's only, the socket 0600), and a CLI that finds the
 * database held hands its whole command line over it: the server runs the same command (server/cli.ts main) on
 * its own open database and sends back the exit code, stdout and stderr, which the CLI prints as its own. Only
 * CLI command lines travel on it; nothing else is accepted. A holder that does not answer leaves the command
 * refused, with the reason.
 *
 * The protocol: JSON lines. The server greets each connection at once ({"ready":true}); only then does the CLI send
 * its request {argv, stdin, isTTY, cwd, env: {API_PUBLIC_URL?}}, so a stopped or hung holder (whose kernel still
 * accepts connections) gets no command it could run later: after 5 s without a greeting the CLI calls it not
 * answering. While the command runs, what it writes on stderr (progress) goes at once as {stderr} lines; the server
 * answers {code, stdout, stderr} when the command is done (an import or a backup may take minutes).
 */

import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import type { Database } from '../api/db/database.js';
import { runWithIo } from './io.js';
import { socketPath, type ChannelAnswer as Answer, type ChannelRequest as Request } from './channel-client.js';

/** A command line and its stdin are small; a request larger than this is not a CLI's. */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** Serves CLI commands on DATA_DIR/cli.sock for as long as the server runs; answers the function that stops it. */
export async function serveCliChannel(
  dataDir: string,
  database: Database,
  options: { publicUrl: string },
): Promise<() => Promise<void>> {
  const file = socketPath(dataDir);
  // A socket left by a server that crashed: this server holds the data folder now, so nobody else listens on it.
  rmSync(file, { force: true });
  const running = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    running.add(socket);
    socket.on('close', () => running.delete(socket));
    socket.write(`${JSON.stringify({ ready: true })}\n`);
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      const request = parseRequest(buffered.slice(0, end));
      const progress = (text: string) => {
        if (!socket.destroyed) socket.write(`${JSON.stringify({ stderr: text })}\n`);
      };
      const answer = request
        ? runCommand(request, database, options.publicUrl, progress)
        : Promise.resolve({ code: 2, stdout: '', stderr: 'Not a CLI command line\n' });
      void answer.then((result) => socket.end(`${JSON.stringify(result)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
  } catch (error) {
    // Without the channel the server still serves; a CLI beside it is refused as before, and says why.
    console.error(
      JSON.stringify({
        level: 'warn',
        msg: 'No CLI channel: cannot listen on the socket',
        socket: file,
        error: String(error),
      }),
    );
    return async () => {};
  }
  chmodSync(file, 0o600);
  return async () => {
    for (const socket of running) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(file, { force: true });
  };
}

function parseRequest(line: string): Request | undefined {
  try {
    const value = JSON.parse(line) as Partial<Request>;
    const strings = (list: unknown): list is string[] =>
      Array.isArray(list) && list.length <= 1000 && list.every((item) => typeof item === 'string');
    if (!strings(value.argv) || typeof value.stdin !== 'string' || typeof value.cwd !== 'string') return undefined;
    const publicUrl = value.env?.API_PUBLIC_URL;
    return {
      argv: value.argv,
      stdin: value.stdin,
      isTTY: value.isTTY === true,
      cwd: value.cwd,
      env: typeof publicUrl === 'string' ? { API_PUBLIC_URL: publicUrl } : {},
    };
  } catch {
    return undefined;
  }
}

/**
 * One command, run as the CLI would run it, with its output kept apart from the server's; its stderr goes to
 * `stderr` as it is written.
 */
async function runCommand(
  request: Request,
  database: Database,
  publicUrl: string,
  stderr: (text: string) => void,
): Promise<Answer> {
  const { main } = await import('../cli.js');
  let stdout = '';
  const stdin = new PassThrough();
  stdin.end(request.stdin);
  const code = await runWithIo(
    {
      out: (text) => (stdout += text),
      err: stderr,
      stdin,
      isTTY: request.isTTY,
      // the server's settings (DATA_DIR, DATABASE_URL are its own), and where it answers for password links
      env: { ...process.env, API_PUBLIC_URL: request.env.API_PUBLIC_URL || process.env.API_PUBLIC_URL || publicUrl },
      cwd: request.cwd,
      database,
    },
    () => main(request.argv),
  );
  return { code, stdout, stderr: '' };
}
