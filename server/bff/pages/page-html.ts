/**
 * A page's HTML made from the build's index.html: the plain app with its first visit's hints in the head, or a
 * page rendered on the server, its markup in the root element, its title in the head, its state in a JSON data
 * block and, where it can be, the stylesheet inline (allowed by its hash in that page's policy).
 */
import { createHash } from 'node:crypto';
import type { RenderedPage } from './app-entry.js';

/** The `<link>`s that let a page's route chunks and its reads load beside the entry script. */
export function hintLinks(hints: { modules: string[]; reads: string[] }): string {
  const modules = hints.modules.map((file) => `<link rel="modulepreload" href="/${escapeAttribute(file)}">`);
  const reads = hints.reads.map((url) => `<link rel="preload" as="fetch" href="${escapeAttribute(url)}" crossorigin>`);
  return [...modules, ...reads].join('');
}

export function plainPage(template: string, links: string): string {
  return links === '' ? template : template.replace('</head>', () => `${links}</head>`);
}

/**
 * A server-rendered page. The page's `<title>` (React renders it where the route declares it) replaces the
 * template's in the head, where hydration looks for it. Its own data travels with it, so its reads are not hinted.
 */
export function renderedPage(template: string, modulePreloads: string, rendered: RenderedPage): string | undefined {
  let title: string | undefined;
  const html = rendered.html.replace(/<title>[^<]*<\/title>/, (element) => {
    title = element;
    return '';
  });
  const withRoot = template.replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  // A template without the empty root element has nowhere to put the page: it goes out plain.
  if (withRoot === template) return undefined;
  return (title === undefined ? withRoot : withRoot.replace(/<title>[^<]*<\/title>/, () => title!))
    .replace('</head>', () => `${modulePreloads}</head>`)
    .replace('</body>', () => `<script type="application/json" id="server-state">${rendered.state}</script></body>`);
}

/** The template's linked stylesheet: its path under the build, and the element to replace. */
export function linkedStylesheet(html: string): { element: string; href: string } | undefined {
  const link = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"?#]+\.css)">/.exec(html);
  return link ? { element: link[0], href: link[1] } : undefined;
}

/**
 * The app's stylesheet inside a server-rendered page: a linked stylesheet blocks the first paint for another round
 * trip (half a second on a phone's 3G), shared with the scripts' download; inline, the page paints as its HTML
 * arrives. The app's navigations after that need no other stylesheet (the build makes one). A stylesheet that could
 * end its element stays linked.
 */
export function inlineStylesheet(html: string, css: string): { html: string; styleHash?: string } {
  const link = linkedStylesheet(html);
  if (!link || /<\/style/i.test(css)) return { html };
  const styleHash = `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
  return { html: html.replace(link.element, () => `<style>${css}</style>`), styleHash };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
