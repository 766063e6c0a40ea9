/**
 * The Node ceiling in a process of its own, for bench/api/many-connections.ts: the API's own HTTPS listener
 * (listenHttps, the same adapter and the same certificate from the same DATA_DIR) answering every request with one
 * fixed body, the bytes the API answers, from one Buffer: the cheapest way this Node has to serve them. Whatever the
 * API takes beyond it under the same connections is the API's own (decision 017, amended by issue 41).
 *
 *   DATA_DIR=... BENCH_CEILING_BODY=file BENCH_CEILING_CONTENT_TYPE=... API_PORT=... node --import tsx bench/api/ceiling-server.ts
 */
import { readFileSync } from 'node:fs';
import { listenHttps } from '../../server/api/http/listen.js';
import { loadTls } from '../../server/api/http/tls.js';

const body = readFileSync(process.env.BENCH_CEILING_BODY!);
const contentType = process.env.BENCH_CEILING_CONTENT_TYPE ?? 'application/json';
const tls = await loadTls({ dataDir: process.env.DATA_DIR! });
const server = await listenHttps(() => new Response(body, { headers: { 'content-type': contentType } }), tls, {
  port: Number(process.env.API_PORT ?? 0),
  host: process.env.API_HOST ?? '127.0.0.1',
});
console.log(JSON.stringify({ level: 'info', msg: 'ceiling listening', url: server.url }));
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
