/** A build directory like Vite's for the BFF's static-site tests: each entry a path inside it and its contents. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function writeBuild(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bff-dist-'));
  for (const [name, contents] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, contents);
  }
  return dir;
}

/**
 * A stand-in for the app's server entry (`.ssr/entry-server.js`, src/entry-server.tsx) with the real module's
 * contract, over the fake upstream's reads: its page table knows `/competitions/<id>` (canonical ids only), whose
 * route module is the recap's, whose loader reads the scores, and which it renders on the server: the name of the
 * competition, read through the BFF (`label` tells builds apart; competition 13 makes the render throw). Like the
 * real one it answers PageNotFound for what names nothing: an event the upstream does not know, a path under /nowhere.
 */
export function standInEntry(label = 'Rendered'): string {
  return `
export function planPage(pathname) {
  const match = /^\\/competitions\\/([1-9]\\d{0,14})\\/?$/.exec(pathname);
  return match ? { module: 'src/app/routes/recap.tsx', reads: ['/api/competitions/' + match[1] + '/scores'], serverRendered: true } : undefined;
}
export function createPageRenderer(read) {
  return async (url, { markup = true } = {}) => {
    const pathname = new URL(url).pathname;
    const event = /^\\/events\\/(\\d+)$/.exec(pathname);
    if (event) return (await read('/api/events/' + event[1])).status === 404 ? { notFound: true } : undefined;
    const match = /^\\/competitions\\/(\\d+)/.exec(pathname);
    if (!match) return pathname.startsWith('/nowhere') ? { notFound: true } : undefined;
    const id = match[1];
    if (id === '13') throw new Error('the renderer broke');
    const response = await read('/api/competitions/' + id + '/scores');
    if (!response.ok || !markup) return undefined;
    const scores = await response.json();
    return {
      html: '<title>' + scores.competition.name + ' recap</title><h1>${label} ' + scores.competition.name + '</h1>',
      state: JSON.stringify({ stale: response.headers.get('x-bff-stale'), html: '</script>' }).replace(/</g, '\\\\u003c'),
    };
  };
}
`;
}
