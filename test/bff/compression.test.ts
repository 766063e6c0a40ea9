import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedBodies, negotiateEncoding } from '../../server/bff/http/compression.js';
import { standInEntry, writeBuild } from './built-app.js';
import { harnessPerTest, startHarness } from './harness.js';

const harnesses = harnessPerTest();
const harness = harnesses.start;

const SCRIPT = `export const results = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ rank: i + 1, group: `Group ${i}` })))};\n`;

/** A build like Vite's, with a manifest: the recap route's chunk imports a shared chunk and the entry's own one. */
function builtApp(): string {
  return writeBuild({
    'index.html':
      '<!doctype html><html><head><title>Scores</title><script type="module" src="/assets/index-4f9a2c.js"></script></head><body></body></html>',
    'assets/index-4f9a2c.js': SCRIPT,
    'assets/tiny-0a1b2c.js': 'export {};',
    'assets/logo-9f8e7d.png': Buffer.alloc(4096, 7),
    '.vite/manifest.json': JSON.stringify({
      'index.html': {
        file: 'assets/index-4f9a2c.js',
        isEntry: true,
        imports: ['_vendor-1.js'],
        dynamicImports: ['src/app/routes/recap.tsx'],
      },
      '_vendor-1.js': { file: 'assets/vendor-1e1e1e.js' },
      'src/app/routes/recap.tsx': {
        file: 'assets/recap-7d7d7d.js',
        isDynamicEntry: true,
        imports: ['_vendor-1.js', '_format-2.js'],
      },
      '_format-2.js': { file: 'assets/format-2f2f2f.js' },
    }),
    // The app's page table (a stand-in); without the build's server entry no page would carry hints. Its render
    // would need a root element this index.html lacks: the recap below is the plain app with its hints.
    '.ssr/entry-server.js': standInEntry(),
  });
}

const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const GZIP = { 'accept-encoding': 'gzip, deflate' };
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('choosing a coding', () => {
  it('takes br over gzip, honours q-values and refusals, and sends identity when nothing fits', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('deflate')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it('makes each coded body once, however many readers ask at once or later', async () => {
    const made: string[] = [];
    const bodies = new EncodedBodies(Buffer.from(SCRIPT), {
      precompressed: (encoding) => {
        made.push(encoding);
        return Promise.resolve(undefined);
      },
    });
    const all = await Promise.all([bodies.get('br'), bodies.get('br'), bodies.get('gzip'), bodies.get('br')]);
    await bodies.get('gzip');
    expect(made).toEqual(['br', 'gzip']);
    expect(all[0]).toBe(all[1]);
    expect(all[0].length).toBeLessThan(SCRIPT.length / 4);
  });
});

describe('API answers', () => {
  it('sends saved JSON as br or gzip with Vary and a validator of its own, the same JSON once decoded', async () => {
    const { bytes } = await harness();
    const plain = await bytes('/api/competitions/7/scores');
    const br = await bytes('/api/competitions/7/scores', BR);
    const gzip = await bytes('/api/competitions/7/scores', GZIP);

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.json()).toEqual(plain.json());
    }
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 4);
    expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 4);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    expect(br.headers.etag).toBe(plain.headers.etag.replace(/"$/, '-br"'));
  });

  it('keeps saved copies coded: a repeated read is a cache hit that needs no new upstream call', async () => {
    const { upstream, bytes } = await harness();
    const first = await bytes('/api/competitions/7/scores', BR);
    const second = await bytes('/api/competitions/7/scores', BR);
    expect(second.headers['x-bff-cache']).toBe('HIT');
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(upstream.readsOf('/competitions/7/scores')).toBe(1);
  });

  it('answers 304 to a validator of any coding of the current body, and 200 once the body changes', async () => {
    const { upstream, clock, bytes } = await harness({ cacheTtlMs: 5000 });
    const br = await bytes('/api/competitions/7/scores', BR);
    const again = await bytes('/api/competitions/7/scores', { ...BR, 'if-none-match': br.headers.etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers.vary).toBe('Accept-Encoding');

    // a copy held as gzip is the same body: still current when the browser now asks for br
    const gzip = await bytes('/api/competitions/7/scores', GZIP);
    expect((await bytes('/api/competitions/7/scores', { ...BR, 'if-none-match': gzip.headers.etag })).status).toBe(304);

    upstream.version = 2;
    clock.advance(5000);
    const changed = await bytes('/api/competitions/7/scores', { ...BR, 'if-none-match': br.headers.etag });
    expect(changed.status).toBe(200);
    expect(changed.json().competition.name).toBe('Finals v2');
    expect(changed.headers.etag).not.toBe(br.headers.etag);
  });

  it('sends small answers and problems as they are', async () => {
    const { bytes } = await harness();
    const small = await bytes('/api/events/1', BR);
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().id).toBe(1);
    const missing = await bytes('/api/events/99', BR);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it("reads a preload's any-type Accept as the app's JSON read: one cache entry, one upstream call", async () => {
    const { upstream, bytes } = await harness();
    await bytes('/api/competitions/7/scores', { ...BR, accept: '*/*' });
    const appRead = await bytes('/api/competitions/7/scores', { ...BR, accept: 'application/json' });
    expect(appRead.headers['x-bff-cache']).toBe('HIT');
    expect(upstream.readsOf('/competitions/7/scores')).toBe(1);
    expect(upstream.readLog[0].headers.accept).toBe('application/json');
  });
});

describe('the web app', () => {
  it('sends scripts as br or gzip, with Vary, the year-long cache and a validator per coding', async () => {
    const { bytes } = await harness({ staticDir: builtApp() });
    const plain = await bytes('/assets/index-4f9a2c.js');
    const br = await bytes('/assets/index-4f9a2c.js', BR);
    const gzip = await bytes('/assets/index-4f9a2c.js', GZIP);
    expect([plain, br, gzip].map((answer) => answer.headers['content-encoding'])).toEqual([undefined, 'br', 'gzip']);
    for (const answer of [plain, br, gzip]) {
      expect(answer.body).toBe(SCRIPT);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
    expect(br.bytes.length).toBeLessThan(SCRIPT.length / 4);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    expect((await bytes('/assets/index-4f9a2c.js', { ...BR, 'if-none-match': br.headers.etag })).status).toBe(304);
  });

  it("serves the build's precompressed file when it is at least as new as the file, else compresses itself", async () => {
    const dir = builtApp();
    const script = path.join(dir, 'assets', 'index-4f9a2c.js');
    // Distinguishable from what the BFF would make of the script itself.
    writeFileSync(`${script}.br`, brotliCompressSync(Buffer.from('/* from the build */')));
    const { bytes } = await harness({ staticDir: dir });
    expect((await bytes('/assets/index-4f9a2c.js', BR)).body).toBe('/* from the build */');
    expect((await bytes('/assets/index-4f9a2c.js', GZIP)).body).toBe(SCRIPT);

    const stale = builtApp();
    const staleScript = path.join(stale, 'assets', 'index-4f9a2c.js');
    writeFileSync(`${staleScript}.br`, brotliCompressSync(Buffer.from('/* an earlier build */')));
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(`${staleScript}.br`, earlier, earlier);
    const other = await startHarness({ staticDir: stale });
    try {
      expect((await other.bytes('/assets/index-4f9a2c.js', BR)).body).toBe(SCRIPT);
    } finally {
      await other.close();
    }
  });

  it('sends small files and images as they are', async () => {
    const { bytes } = await harness({ staticDir: builtApp() });
    for (const target of ['/assets/tiny-0a1b2c.js', '/assets/logo-9f8e7d.png']) {
      const answer = await bytes(target, BR);
      expect({ target, encoding: answer.headers['content-encoding'], vary: answer.headers.vary }).toEqual({
        target,
        encoding: undefined,
        vary: undefined,
      });
    }
  });
});

describe('preload hints in the page', () => {
  it("names the recap's route chunks and its scores read, so they load beside the entry script", async () => {
    const { bytes } = await harness({ staticDir: builtApp() });
    const page = await bytes('/competitions/25', { ...HTML, ...BR });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const links = [...page.body.matchAll(/<link [^>]*>/g)].map((match) => match[0]);
    expect(links).toEqual([
      '<link rel="modulepreload" href="/assets/recap-7d7d7d.js">',
      '<link rel="modulepreload" href="/assets/format-2f2f2f.js">',
      '<link rel="preload" as="fetch" href="/api/competitions/25/scores" crossorigin>',
    ]);
    expect(page.body.indexOf('</head>')).toBeGreaterThan(page.body.indexOf('crossorigin>'));

    const again = await bytes('/competitions/25', { ...HTML, ...BR, 'if-none-match': page.headers.etag });
    expect(again.status).toBe(304);
    const other = await bytes('/competitions/26', { ...HTML, ...BR });
    expect(other.body).toContain('href="/api/competitions/26/scores"');
    expect(other.headers.etag).not.toBe(page.headers.etag);
  });

  it('adds nothing to other pages or to ids the app would read under another spelling', async () => {
    const { bytes } = await harness({ staticDir: builtApp() });
    for (const target of ['/', '/events/1', '/competitions/25/judges', '/competitions/025']) {
      const page = await bytes(target, HTML);
      expect({ target, status: page.status, links: page.body.includes('<link') }).toEqual({
        target,
        status: 200,
        links: false,
      });
    }
  });

  it('still preloads the read without a manifest, and never serves the manifest itself', async () => {
    const dir = builtApp();
    const withManifest = await harness({ staticDir: dir });
    expect((await withManifest.bytes('/.vite/manifest.json')).status).toBe(404);
    await harnesses.closeEarly();

    writeFileSync(path.join(dir, '.vite', 'manifest.json'), 'not json');
    const { bytes } = await harness({ staticDir: dir });
    const page = await bytes('/competitions/25', HTML);
    expect(page.body).toContain(
      '<link rel="preload" as="fetch" href="/api/competitions/25/scores" crossorigin></head>',
    );
    expect(page.body).not.toContain('modulepreload');
  });
});
