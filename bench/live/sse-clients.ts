/**
 * A second process holding many open live pages' streams (bench/live/measure-live.ts starts it): `count` Server-Sent
 * Events connections to `url`, each on its own socket, as EventSource would hold them, at most 200 being opened at
 * once. It prints JSON lines on stdout: `{"ready": n, "failed": m}` once every stream has its `ready` event or was
 * refused, then per change version
 * `{"change": version, "received": [ms since epoch, ...]}` once every stream has it (or 30 s after the first).
 * It exits when stdin closes.
 *
 *   node --import tsx bench/live/sse-clients.ts URL COUNT
 */
import http from 'node:http';

const [url, countText] = process.argv.slice(2);
const count = Number(countText);
if (!url || !Number.isInteger(count) || count < 1 || count > 20_000) {
  console.error('usage: sse-clients.ts URL COUNT (1..20000)');
  process.exit(2);
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const changes = new Map<string, number[]>();
const reported = new Set<string>();
let ready = 0;
let failed = 0;

function report(version: string): void {
  if (reported.has(version)) return;
  reported.add(version);
  process.stdout.write(`${JSON.stringify({ change: version, received: changes.get(version) ?? [] })}\n`);
}

/** Every stream has answered, with its `ready` or a refusal: said once. */
function settled(): void {
  if (ready + failed === count) process.stdout.write(`${JSON.stringify({ ready, failed })}\n`);
}

function onEvent(event: string, id: string | undefined): void {
  if (event === 'ready') {
    ready += 1;
    connectNext();
    settled();
    return;
  }
  if (event !== 'change' || id === undefined) return;
  let received = changes.get(id);
  if (!received) {
    received = [];
    changes.set(id, received);
    setTimeout(() => report(id), 30_000).unref();
  }
  received.push(Date.now());
  if (received.length === count) report(id);
}

/** Streams being opened at once: a few hundred, as a crowd's phones arrive, not ten thousand SYNs in one instant. */
const OPENING = 200;
let started = 0;
function connectNext(): void {
  if (started < count) {
    started += 1;
    connect();
  }
}

function connect(): void {
  const request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) {
      failed += 1;
      process.stdout.write(`${JSON.stringify({ refused: response.statusCode })}\n`);
      response.resume();
      connectNext();
      settled();
      return;
    }
    response.setEncoding('utf8');
    let buffer = '';
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const event = field('event');
        if (event) onEvent(event, field('id'));
      }
    });
  });
  request.on('error', (error) => {
    failed += 1;
    process.stdout.write(`${JSON.stringify({ error: error.message })}\n`);
    connectNext();
    settled();
  });
}

for (let i = 0; i < Math.min(OPENING, count); i++) connectNext();
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
