/**
 * A competition's published draws: how each division and round's running order was drawn (issue 40), beside the
 * schedule pages. Each draw shows its rule, seed and procedure, the entries as the rule read them, the order, what
 * re-running the record here gave, and the record itself as JSON, to re-run anywhere by decision 132's listing or
 * with `npm run --silent cli -- draw verify --published <this page's address>` (server/cli/draw-published.ts reads
 * the sections and records this page writes: change one with the other).
 */
import { verifyDraw, type DrawRecord } from '../../../../domain/draw/record.js';
import type { DrawnPlace } from '../../../../domain/draw/rules.js';
import type { DrawRow } from '../../db/repositories/draws.read.js';
import { escapeHtml, htmlPage, publishedDay } from './html.js';
import type { RecapPageCompetition } from './recap-page.js';

export interface DrawPageInput {
  organizationName: string;
  competitionGuid: string;
  competition: RecapPageCompetition;
  /** oldest first */
  draws: readonly DrawRow[];
}

/** The rule in words, with its settings. */
export function ruleInWords(record: DrawRecord): string {
  const { input, scoreSource } = record;
  const scores =
    scoreSource?.kind === 'competition'
      ? `the totals of ${scoreSource.competitionName}`
      : scoreSource
        ? `each group's latest total of ${scoreSource.seasonName}`
        : '';
  switch (input.rule) {
    case 'random':
      return input.tiers ? 'A random draw in tiers (tier 1 performs first)' : 'A random draw';
    case 'reverse-score':
      return `Reverse order of ${scores} (no score first, the highest last; ties by the seed)`;
    case 'seeded':
      return `Seeded in ${input.blocks === 2 ? 'halves' : 'thirds'} by ${scores}, the top block last, a random draw inside each`;
    case 'flights':
      return `${input.flights} flights alternating by rank of ${scores}, a random draw inside each`;
    case 'hand':
      return 'Set by hand';
  }
}

const cell = (text: string | number | null | undefined) =>
  `<td>${escapeHtml(text === null || text === undefined ? '' : String(text))}</td>`;

function placeNotes(place: DrawnPlace): string {
  return [
    place.tier !== undefined ? `tier ${place.tier}` : '',
    place.block !== undefined ? `block ${place.block}` : '',
    place.flight !== undefined ? `flight ${place.flight}` : '',
    place.rank !== undefined ? `rank ${place.rank}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function drawSection(row: DrawRow, current: boolean, competitionGuid: string): string {
  const { record } = row;
  const names = new Map(record.input.entries.map((entry) => [entry.groupId, entry.name]));
  const check = verifyDraw(record);
  const section = `${row.divisionName} · ${row.roundName || `Round ${row.roundNumber}`}`;
  const order = record.order
    .map(
      (place) =>
        `<tr class='draw-place'>${cell(place.position)}${cell(names.get(place.groupId))}${cell(placeNotes(place))}</tr>`,
    )
    .join('\n');
  const entries = record.input.entries
    .map(
      (entry) =>
        `<tr>${cell(entry.groupId)}${cell(entry.name)}${cell(entry.tier)}${cell(entry.score)}${cell(entry.scoreFrom)}</tr>`,
    )
    .join('\n');
  return [
    `<section class='draw' id='draw-${escapeHtml(row.guid)}'>`,
    `<h2>${escapeHtml(section)}${current ? '' : ' (superseded by a later draw)'}</h2>`,
    `<p>${escapeHtml(ruleInWords(record))}. Seed <code class='draw-seed'>${record.input.seed}</code>, procedure <code>${escapeHtml(record.procedure)}</code>. Drawn ${escapeHtml(row.drawnAt.toISOString())} by ${escapeHtml(row.drawnBy.name)}.</p>`,
    `<p class='draw-check'>${check.same ? 'Re-run from this record: the same order.' : `Re-run from this record: a different order from position ${check.differsAt}.`}</p>`,
    `<table class='schedule'><caption>The order (1 performs first)</caption><thead><tr><th scope='col'>Position</th><th scope='col'>Group</th><th scope='col'>As drawn</th></tr></thead><tbody>\n${order}\n</tbody></table>`,
    `<table class='schedule'><caption>The entries, in the input order</caption><thead><tr><th scope='col'>Group id</th><th scope='col'>Group</th><th scope='col'>Tier</th><th scope='col'>Score</th><th scope='col'>Score from</th></tr></thead><tbody>\n${entries}\n</tbody></table>`,
    `<details><summary>The record (JSON)</summary><pre class='draw-record'>${escapeHtml(JSON.stringify(record, null, 1))}</pre></details>`,
    `<p class='footnote'>Check it: <code>npm run --silent cli -- draw verify --published</code> with this page's address, or <code>draw verify --competition ${escapeHtml(competitionGuid)}</code> on the server, or re-run the record by the procedure published with the software (decision 132).</p>`,
    `</section>`,
  ].join('\n');
}

export function drawPage({ organizationName, competitionGuid, competition, draws }: DrawPageInput): string {
  const heading =
    `<h1 class='title'>${escapeHtml(competition.eventName)}</h1>\n` +
    `<p class='subtitle'>${escapeHtml(competition.name)} · ${publishedDay(competition.startsAt)}</p>\n` +
    `<p class='subtitle'>How this order was drawn · ${escapeHtml(organizationName)}</p>`;
  if (draws.length === 0)
    return htmlPage(
      `${competition.eventName} draw`,
      `${heading}\n<p class='notAvailable'>No order has been drawn yet.</p>`,
    );
  const latest = new Map<string, number>();
  for (const row of draws) latest.set(`${row.roundId}:${row.divisionId}`, row.id);
  const newestFirst = [...draws].reverse();
  const sections = newestFirst.map((row) =>
    drawSection(row, latest.get(`${row.roundId}:${row.divisionId}`) === row.id, competitionGuid),
  );
  return htmlPage(`${competition.eventName} draw`, `${heading}\n${sections.join('\n')}`);
}
