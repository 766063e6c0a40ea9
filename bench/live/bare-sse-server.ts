/**
 * The release part's floor (issue 41): a bare Server-Sent Events server in a process of its own, as a BFF is, that
 * holds every stream it is given and, asked, writes one event to all of them. No app, no reads, no hub: what sending
 * one event to that many connections costs this machine now. bench/live/release-moment.ts times the same load
 * generator's connections against it and against the BFFs.
 *
 *   PORT=... node --import tsx bench/live/bare-sse-server.ts
 *   GET /events          a stream: `ready`, then each event sent
 *   POST /send?id=N      answers 204 at once, then writes `change` with id N to every open stream
 */
import http from 'node:http';

const streams = new Set<http.ServerResponse>();
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'GET' && url.pathname === '/events') {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write('event: ready\ndata: {}\n\n');
    streams.add(response);
    response.on('close', () => streams.delete(response));
    return;
  }
  if (request.method === 'POST' && url.pathname === '/send') {
    const id = url.searchParams.get('id') ?? '1';
    response.writeHead(204).end();
    // after the answer, as a BFF tells its pages after the API answered the write
    setImmediate(() => {
      const event = `event: change\nid: ${id}\ndata: {"version":"${id}"}\n\n`;
      for (const stream of streams) stream.write(event);
    });
    return;
  }
  if (request.method === 'GET' && url.pathname === '/health') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ streams: streams.size }));
    return;
  }
  response.writeHead(404).end();
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(JSON.stringify({ level: 'info', msg: 'bare SSE server listening', url: `http://127.0.0.1:${port}` }));
});
const stop = () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
