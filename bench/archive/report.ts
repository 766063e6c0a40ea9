/** The archive run's part of bench/results/latest.md, and bench/results/archive-scale.md (the same, on its own). */
import type { RouteComparison, ThroughputReport } from '../api/throughput.js';
import { kb, markdownTable } from '../lib/markdown.js';
import type { ArchiveReport } from './measure-archive.js';

export function archiveSection(archive: ArchiveReport | { skipped: string }, sample?: ThroughputReport): string[] {
  if ('skipped' in archive) return ['## At archive scale', '', `Skipped: ${archive.skipped}.`];
  const { import: imported, api, pages, search } = archive;
  const lines = [
    '## At archive scale',
    '',
    `The archive \`${imported.folder}\` imported into a new organization with \`cli import --org GUID --each --date 2015-01-01 FOLDER\` ` +
      `(embedded database): ${imported.imported} of ${imported.pages} pages in ${imported.seconds.toFixed(0)} s, ${imported.refused} refused.`,
  ];
  if (archive.failures.length)
    lines.push('', ...archive.failures.map((failure) => `Did not run: ${failure.part}: ${failure.error}`));
  if (api) {
    const sampleOf = (route: string) => sample?.comparisons.find((comparison) => comparison.route === route);
    lines.push(
      '',
      `### The API on the archive's organization`,
      '',
      `The same measure as the sample run above (each route against the Node ceiling answering the same bytes, the same options), in the archive's organization: ` +
        `the v2 performances of the same recap (${api.compared.file}) and the first page of the events of its ${imported.imported} competitions. ` +
        "The goal: ratios and p99 within 10% of the sample run's. Server CPU per request is the API's own cost, whatever else the machine was doing.",
      '',
      markdownTable(
        [
          'Route',
          'Body bytes',
          'req/s',
          'Ratio (req/s)',
          'By round',
          'Sample run',
          'By round',
          'p99 ms',
          'Sample run',
          'Server CPU µs/req',
          'Sample run',
        ],
        api.comparisons.map((comparison) => {
          const other = sampleOf(comparison.route);
          const than = (value: number, sampleValue: number | undefined, digits: number) =>
            sampleValue === undefined
              ? '–'
              : `${sampleValue.toFixed(digits)} (${value >= sampleValue ? '+' : ''}${(((value - sampleValue) / sampleValue) * 100).toFixed(0)}%)`;
          return [
            comparison.route,
            String(comparison.bodyBytes),
            comparison.api.rps.toFixed(0),
            comparison.ratio.toFixed(2),
            byRound(comparison),
            than(comparison.ratio, other?.ratio, 2),
            other ? byRound(other) : '–',
            comparison.api.p99Ms.toFixed(2),
            than(comparison.api.p99Ms, other?.api.p99Ms, 2),
            comparison.api.serverCpuUsPerRequest.toFixed(0),
            than(comparison.api.serverCpuUsPerRequest, other?.api.serverCpuUsPerRequest, 0),
          ];
        }),
      ),
      '',
      `The reads of the biggest season, ${api.season.name} (${api.season.competitions} competitions), that the BFF's views and pages make on our API, one at a time from a new API process: ` +
        "the first request computes the answer (the queries at this size), the later ones get it as kept for the organization's data version (median of 20).",
      '',
      markdownTable(
        ['Read', 'What for', 'Status', 'Body', 'First ms', 'Then ms'],
        api.reads.map((read) => [
          `\`${read.read}\``,
          read.what,
          String(read.status),
          kb(read.bodyBytes),
          read.firstMs.toFixed(0),
          read.warmMs.toFixed(1),
        ]),
      ),
    );
  }
  if (pages) {
    lines.push(
      '',
      '### The web app on a phone',
      '',
      "`npm start` on the archive's database; the phone of the recap page above (4x CPU, Fast 3G), a cold browser each run. " +
        "Run 1 of each page is also the first visit since the stack started: the BFF's views and the API's answers are computed for it (its HTML's first byte says how long that took; " +
        'the network alone takes one round trip, 562 ms). Elements and links: what the page rendered; reads: what the browser asked of /api/ (a rendered page brings its data).',
      '',
      markdownTable(
        [
          'Page',
          'URL',
          'LCP ms by run',
          'Median LCP ms',
          'HTML first byte ms by run',
          'LCP element (last run)',
          'Elements',
          'Links',
          'Reads under /api/',
          'Transferred',
        ],
        pages.map((page) => {
          const last = page.runs.at(-1)!;
          return [
            page.name,
            `\`${page.url}\``,
            page.runs.map((run) => run.lcpMs.toFixed(0)).join(', '),
            page.medianLcpMs.toFixed(0),
            page.runs.map((run) => run.htmlFirstByteMs.toFixed(0)).join(', '),
            last.lcpElement.replaceAll('|', '\\|'),
            String(last.elements),
            String(last.links),
            String(last.apiReads),
            kb(last.transferBytes),
          ];
        }),
      ),
    );
  }
  const { judgeWork } = archive;
  const judgePage = pages?.find((page) => page.id === 'judge');
  if (api && judgeWork && judgePage) {
    const first = judgePage.runs[0];
    lines.push(
      '',
      "### The BFF's work for a judge's season",
      '',
      `${api.judge.name}, the judge of the most captions in ${api.season.name} (${api.judge.captions} captions). ` +
        `The page's view is derived from the season's v2 records, kept by the BFF with the season's results: a build reads the v2 listing, the season's groups and the v2 performances of each of its ${api.releasedCompetitions} competitions with a released recap ` +
        '(through the read proxy, six at a time), and is kept for a minute; a rebuild re-reads them through the proxy and keeps the judged sections when no ETag changed. ' +
        "The page is rendered by the BFF: its first visit waits for that build (the HTML's first byte), later ones get the kept view. Memory is the `npm start` process (the embedded API and the BFF together).",
      '',
      markdownTable(
        [
          'First visit: HTML first byte ms (the view built for it)',
          'First visit LCP ms',
          'Later visits LCP ms',
          'RSS before MiB',
          'RSS peak MiB',
          'RSS after MiB',
          'Kept view ms (median of 10)',
          'View body (decoded)',
        ],
        [
          [
            Math.max(first.htmlFirstByteMs, first.slowestApiReadMs).toFixed(0),
            first.lcpMs.toFixed(0),
            judgePage.runs
              .slice(1)
              .map((run) => run.lcpMs.toFixed(0))
              .join(', '),
            mibOf(judgeWork.rssBeforeBytes),
            mibOf(judgeWork.rssPeakBytes),
            mibOf(judgeWork.rssAfterBytes),
            judgeWork.warmMs.toFixed(1),
            kb(judgeWork.bodyBytes),
          ],
        ],
      ),
    );
  }
  if (search) {
    lines.push(
      '',
      '### The search on a phone',
      '',
      `The banner's search on the same phone, the whole archive in its index (${search.indexEntries} groups, events, competitions and judges; ` +
        `${kb(search.indexTransferBytes)} on the wire, read once when the field is first focused: ${search.indexLoadMs.map((ms) => ms.toFixed(0)).join(', ')} ms by run on Fast 3G). ` +
        `Then "${search.query}" typed letter by letter (a group's name, one letter left out): each keystroke's keydown to the first frame painted with its suggestions.`,
      '',
      markdownTable(
        ['Keystrokes', 'Median ms', 'Slowest ms', 'Every keystroke, ms'],
        [
          [
            String(search.keystrokeMs.length),
            search.medianMs.toFixed(0),
            search.maxMs.toFixed(0),
            search.keystrokeMs.map((ms) => ms.toFixed(0)).join(', '),
          ],
        ],
      ),
    );
  }
  return lines;
}

const mibOf = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

/** Each round's ratio (the API and the ceiling adjacent in time): how far apart they are is how noisy the run was. */
const byRound = (comparison: RouteComparison) =>
  comparison.rounds.map((round) => (round.api.rps / round.ceiling.rps).toFixed(2)).join(', ');
