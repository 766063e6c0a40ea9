/** The hosted upstream's part of bench/results/latest.md. */
import { kb, markdownTable } from '../lib/markdown.js';
import type { HostedReport } from './measure-hosted.js';

/** The initial JS and CSS every page shares: budgeted on their own (web.initial-js.gzip), not in the group page's. */
export const sharedAsset = (path: string) => /^\/assets\/index-[^/]+\.(js|css)$/.test(path);

/** The budgeted figure: what the group page's first visit loads beyond the shared initial JS and CSS, gzip. */
export function groupPageOwnBytes(hosted: HostedReport): number {
  return hosted.groupPage.resources
    .filter((resource) => !sharedAsset(resource.path))
    .reduce((sum, resource) => sum + resource.gzipBytes, 0);
}

export function hostedSection(hosted: HostedReport): string[] {
  const { recapPage, groupPage } = hosted;
  return [
    '## On the fake hosted upstream',
    '',
    "The app on server/fake-hosted (our API in process behind the hosted service's known operations and shapes, opaque tokens, no ETags), " +
      'started as docs/hosted-upstream.md tells a person; the same phone emulation as above. Data: the biggest real recap, and a generated season of ' +
      `${groupPage.competitions} competitions (bench/hosted/season-of-60.ts: 4 color guard divisions of 15 groups, seeded).`,
    '',
    `Recap page: ${recapPage.competition} at \`${recapPage.url}\`. Median LCP ${recapPage.medianLcpMs.toFixed(0)} ms.`,
    '',
    markdownTable(
      ['Run', 'FCP ms', 'LCP ms', 'LCP element', 'Tap to screen switched ms', 'Transferred'],
      recapPage.runs.map((run, index) => [
        String(index + 1),
        run.fcpMs.toFixed(0),
        run.lcpMs.toFixed(0),
        run.lcpElement.replaceAll('|', '\\|'),
        run.switchMs.toFixed(0),
        kb(run.transferBytes),
      ]),
    ),
    '',
    `Group page: \`${groupPage.url}\` (${groupPage.season}), the group with the most performances (${groupPage.groupPerformances}; ${groupPage.performancesShown} rows shown), a cold first visit. ` +
      `Everything: ${kb(groupPage.gzipBytes)} gzip (${kb(groupPage.transferBytes)} as Chromium received it, br). ` +
      `Beyond the initial JS and CSS (budgeted): ${kb(groupPageOwnBytes(hosted))} gzip, of which its reads under /api/ ${kb(groupPage.dataGzipBytes)}.`,
    '',
    markdownTable(
      ['Resource', 'Gzip', 'As received', 'Decoded', 'Shared by every page'],
      groupPage.resources.map((resource) => [
        resource.path.replaceAll('|', '\\|'),
        kb(resource.gzipBytes),
        kb(resource.transferBytes),
        kb(resource.decodedBytes),
        sharedAsset(resource.path) ? 'yes' : '',
      ]),
    ),
  ];
}
