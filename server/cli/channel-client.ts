/**
 * The CLI's side of the owner-only channel to a running server (server/cli/beside-server.ts has the protocol;
 * docs/decisions/063-cli-beside-a-running-server.md): hands a command line to the server that holds the embedded
 * database and prints its answer as the command's own.
 */
import net from 'node:net';
import path from 'node:path';

export const SOCKET_NAME = 'cli.sock';
/** How long a CLI waits for the holder's greeting before it calls it not answering. */
const CONNECT_TIMEOUT_MS = 5_000;

export function socketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), SOCKET_NAME);
}

export interface ChannelRequest {
  argv: string[];
  stdin: string;
  isTTY: boolean;
  cwd: string;
  env: { API_PUBLIC_URL?: string };
}

export interface ChannelAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

export class HolderNotAnswering extends Error {}

/** A line after the greeting: some of the command's stderr while it runs, or its answer once done. */
function parseLine(line: string): ChannelAnswer | { stderr: string } | undefined {
  try {
    const value = JSON.parse(line) as Partial<ChannelAnswer>;
    if (typeof value.stderr !== 'string') return undefined;
    if (value.code === undefined) return { stderr: value.stderr };
    return typeof value.code === 'number' && typeof value.stdout === 'string' ? (value as ChannelAnswer) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Hands a command line to the server that holds the embedded database; answers its exit code after printing its
 * output. A server that does not answer (stopped, hung, or from before this channel) is a HolderNotAnswering.
 */
export async function forwardToServer(
  dataDir: string,
  argv: string[],
  io: { stdin: NodeJS.ReadableStream; isTTY: boolean; cwd: string; env: NodeJS.ProcessEnv },
): Promise<number> {
  // Read before connecting: a command that reads stdin gets all of it, as it would when run here.
  let stdin = '';
  if (!io.isTTY) for await (const chunk of io.stdin) stdin += chunk.toString();
  const request: ChannelRequest = {
    argv,
    stdin,
    isTTY: io.isTTY,
    cwd: io.cwd,
    env: io.env.API_PUBLIC_URL ? { API_PUBLIC_URL: io.env.API_PUBLIC_URL } : {},
  };
  const answer = await new Promise<ChannelAnswer>((resolve, reject) => {
    const socket = net.createConnection(socketPath(dataDir));
    let acknowledged = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new HolderNotAnswering(`no answer on ${socketPath(dataDir)} within ${CONNECT_TIMEOUT_MS / 1000} s`));
    }, CONNECT_TIMEOUT_MS);
    let received = '';
    let answer: ChannelAnswer | undefined;
    let unreadable = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      for (let end = received.indexOf('\n'); end >= 0; end = received.indexOf('\n')) {
        const line = received.slice(0, end);
        received = received.slice(end + 1);
        if (!acknowledged) {
          // greeted: the holder answers, so the command may go
          acknowledged = true;
          clearTimeout(timer);
          socket.write(`${JSON.stringify(request)}\n`);
          continue;
        }
        const message = parseLine(line);
        if (message && 'code' in message) answer = message;
        else if (message) process.stderr.write(message.stderr);
        else unreadable = true;
      }
    });
    socket.on('end', () => {
      clearTimeout(timer);
      if (answer && !unreadable && received.trim() === '') resolve(answer);
      else reject(new HolderNotAnswering(`an unreadable answer on ${socketPath(dataDir)}`));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        acknowledged
          ? error
          : new HolderNotAnswering(
              error.code === 'ENOENT'
                ? `it serves no ${SOCKET_NAME} in its data folder`
                : `${socketPath(dataDir)}: ${error.code ?? error.message}`,
            ),
      );
    });
  });
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  return answer.code;
}
