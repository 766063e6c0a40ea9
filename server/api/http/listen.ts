import net from 'node:net';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { TlsMaterial } from './tls.js';

export interface RunningServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

const PLAIN_HTTP_ANSWER = JSON.stringify({
  type: 'about:blank',
  title: 'HTTPS Required',
  status: 400,
  code: 'https_required',
  detail: 'This API is served over HTTPS only: repeat the request with https://',
});

/**
 * Listens with TLS on one port. The first byte of a connection tells a TLS handshake (0x16) from plain HTTP,
 * which gets a JSON error (and no data) instead of a hang or a TLS alert the client cannot read.
 */
export async function listenHttps(
  fetch: (request: Request) => Response | Promise<Response>,
  tls: TlsMaterial,
  options: { port: number; host: string },
): Promise<RunningServer> {
  const tlsServer = createAdaptorServer({
    fetch,
    createServer: https.createServer,
    serverOptions: { key: tls.key, cert: tls.cert },
  }) as https.Server;
  tlsServer.keepAliveTimeout = 65_000;
  tlsServer.headersTimeout = 66_000;
  tlsServer.requestTimeout = 30_000;

  const sockets = new Set<net.Socket>();
  // Nagle off, as Node's own HTTP servers have it: a streamed answer goes out as headers and then chunks, and with
  // Nagle each small write waits for the client's delayed ACK. The TLS server gets these sockets from us, not from
  // its own listener, so its default does not reach them.
  const front = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('readable', () => {
      const first = socket.read(1) as Buffer | null;
      if (first === null) {
        socket.once('readable', () => socket.destroy());
        return;
      }
      socket.unshift(first);
      if (first[0] === 0x16) {
        tlsServer.emit('connection', socket);
      } else {
        answerPlainHttp(socket);
      }
    });
    socket.on('error', () => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(options.port, options.host, () => resolve());
  });
  const port = (front.address() as AddressInfo).port;
  const hostForUrl = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    port,
    url: `https://${hostForUrl === '127.0.0.1' ? 'localhost' : hostForUrl}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        front.close(() => resolve());
        tlsServer.close();
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function answerPlainHttp(socket: net.Socket): void {
  socket.end(
    'HTTP/1.1 400 Bad Request\r\n' +
      'Content-Type: application/problem+json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(PLAIN_HTTP_ANSWER)}\r\n` +
      'Connection: close\r\n\r\n' +
      PLAIN_HTTP_ANSWER,
  );
}
