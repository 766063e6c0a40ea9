/**
 * The BFF's only way out to the Competition Management API: node:https with a keep-alive agent that trusts the
 * configured CA, a hard timeout on every exchange (connect, headers and body), a bounded body size, and transport
 * failures turned into `UpstreamError`s. (undici is in node_modules only as a dependency of jsdom, a dev tool, so
 * it is not used here.)
 */
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import type { BffConfig } from '../config.js';
import { UpstreamError } from './upstream-error.js';

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** path and query below the base URL, starting with "/" */
  pathAndQuery: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer<ArrayBuffer>;
}

/** An answer whose body goes on (Server-Sent Events): its status and headers, and its body as it comes. */
export interface UpstreamStream {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
  /** ends the exchange (the body ends, its 'close' follows) */
  close(): void;
}

/** A request whose body and answer stream through (commentary audio): never held whole in the BFF. */
export interface StreamedUpstreamRequest extends Omit<UpstreamRequest, 'body' | 'method'> {
  method: UpstreamRequest['method'] | 'HEAD';
  /** the request body as it arrives from the browser; `limit` bytes at most, or the exchange fails */
  body?: Readable;
}

export interface StreamedUpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** read it, or destroy it: the connection is held until then */
  body: Readable;
}

export interface UpstreamHttp {
  request(request: UpstreamRequest): Promise<UpstreamResponse>;
  /**
   * A GET whose answer is a stream: resolves once the status and headers came, within the timeout; the body is
   * then the caller's, with no timeout (the caller watches its heartbeats).
   */
  openStream(request: Omit<UpstreamRequest, 'method' | 'body'>): Promise<UpstreamStream>;
  /**
   * The exchange with the body streamed both ways; the timeout bounds the wait for the answer's headers, and any
   * gap of that long in the body after.
   */
  stream(request: StreamedUpstreamRequest): Promise<StreamedUpstreamResponse>;
  /** closes pooled connections */
  close(): void;
}

/** A body larger than this is refused rather than buffered: the read operations answer far less. */
export const MAX_UPSTREAM_BODY_BYTES = 20 * 1024 * 1024;

/** Concurrent connections to the upstream; further requests queue in the agent. */
const MAX_SOCKETS = 32;

const TLS_TRUST_ERRORS = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export function createUpstreamHttp(
  config: Pick<BffConfig, 'apiBaseUrl' | 'upstreamTimeoutMs' | 'apiCa'>,
): UpstreamHttp {
  const base = new URL(config.apiBaseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: MAX_SOCKETS,
    // An explicit CA replaces Node's default store for this agent, so keep the public roots beside it.
    ca: config.apiCa ? [...rootCertificates, config.apiCa] : undefined,
  });

  const streamAgent = new https.Agent({
    keepAlive: false,
    ca: config.apiCa ? [...rootCertificates, config.apiCa] : undefined,
  });

  function request({ method, pathAndQuery, headers, body }: UpstreamRequest): Promise<UpstreamResponse> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const outgoing = https.request({
        protocol: 'https:',
        hostname: base.hostname.replace(/^\[|\]$/g, ''),
        port: base.port || 443,
        path: `${basePath}${pathAndQuery}`,
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent,
      });
      const timer = setTimeout(() => {
        finish(() => reject(new UpstreamError('timeout', `no complete answer within ${config.upstreamTimeoutMs} ms`)));
        outgoing.destroy();
      }, config.upstreamTimeoutMs);

      outgoing.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_UPSTREAM_BODY_BYTES) {
            finish(() =>
              reject(new UpstreamError('bad_response', `answer larger than ${MAX_UPSTREAM_BODY_BYTES} bytes`)),
            );
            outgoing.destroy();
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('end', () =>
          finish(() =>
            resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
          ),
        );
        incoming.on('error', (error) => finish(() => reject(transportError(error))));
        incoming.on('aborted', () =>
          finish(() => reject(new UpstreamError('unreachable', 'connection closed mid-answer'))),
        );
      });
      outgoing.on('error', (error) => finish(() => reject(transportError(error))));
      outgoing.end(body);
    });
  }

  function openStream({ pathAndQuery, headers }: Omit<UpstreamRequest, 'method' | 'body'>): Promise<UpstreamStream> {
    return new Promise((resolve, reject) => {
      const outgoing = https.request({
        protocol: 'https:',
        hostname: base.hostname.replace(/^\[|\]$/g, ''),
        port: base.port || 443,
        path: `${basePath}${pathAndQuery}`,
        method: 'GET',
        headers,
        // a connection of its own: the stream holds it for hours, the pool's are for reads
        agent: streamAgent,
      });
      const timer = setTimeout(() => {
        reject(new UpstreamError('timeout', `no answer within ${config.upstreamTimeoutMs} ms`));
        outgoing.destroy();
      }, config.upstreamTimeoutMs);
      // an open stream alone never keeps the process running
      outgoing.on('socket', (socket) => socket.unref());
      outgoing.on('response', (incoming) => {
        clearTimeout(timer);
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: incoming,
          close: () => outgoing.destroy(),
        });
      });
      outgoing.on('error', (error) => {
        clearTimeout(timer);
        reject(transportError(error));
      });
      outgoing.end();
    });
  }

  function stream({ method, pathAndQuery, headers, body }: StreamedUpstreamRequest): Promise<StreamedUpstreamResponse> {
    return new Promise((resolve, reject) => {
      let answered = false;
      const outgoing = https.request({
        protocol: 'https:',
        hostname: base.hostname.replace(/^\[|\]$/g, ''),
        port: base.port || 443,
        path: `${basePath}${pathAndQuery}`,
        method,
        headers,
        agent,
        timeout: config.upstreamTimeoutMs,
      });
      outgoing.on('timeout', () =>
        outgoing.destroy(new UpstreamError('timeout', `no answer within ${config.upstreamTimeoutMs} ms`)),
      );
      outgoing.on('response', (incoming) => {
        answered = true;
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: incoming });
      });
      outgoing.on('error', (error) => {
        if (!answered) reject(error instanceof UpstreamError ? error : transportError(error));
      });
      if (body) pipeline(body, outgoing, () => undefined);
      else outgoing.end();
    });
  }

  return {
    request,
    openStream,
    stream,
    close: () => {
      agent.destroy();
      streamAgent.destroy();
    },
  };
}

function transportError(error: Error): UpstreamError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (TLS_TRUST_ERRORS.has(code)) {
    return new UpstreamError('tls_untrusted', `the upstream certificate is not trusted (${code})`, { cause: error });
  }
  return new UpstreamError('unreachable', code ? `connection failed (${code})` : 'connection failed', { cause: error });
}
