/**
 * The draw page's form (issue 40): the rule a circuit picks and its inputs, checked here as the API checks them, and
 * the request the preview and the commit send. Pure: the page holds the state, this says what it means.
 */
import type { DrawRule } from '../../../../domain/draw/rules';
import { MAX_FLIGHTS, MAX_TIER, MIN_FLIGHTS } from '../../../../domain/draw/rules';
import { MAX_SEED } from '../../../../domain/draw/splitmix64';
import type { components } from '../../../lib/api-types';

type DrawRequest = components['schemas']['DrawRequest'];
type DrawRecord = components['schemas']['DrawRecord'];

export { MAX_FLIGHTS, MAX_TIER, MIN_FLIGHTS, MAX_SEED };

export const RULES: readonly { rule: DrawRule; label: string; hint: string }[] = [
  {
    rule: 'random',
    label: 'Random draw',
    hint: 'Shuffled from the seed; in tiers if you give them (tier 1 performs first).',
  },
  {
    rule: 'reverse-score',
    label: 'Reverse order of a previous score',
    hint: 'Lowest previous score performs first, highest last; groups with no score first of all.',
  },
  {
    rule: 'seeded',
    label: 'Seeded in halves or thirds by score',
    hint: 'The top block performs last; a random draw inside each block.',
  },
  {
    rule: 'flights',
    label: 'Flights alternating by rank',
    hint: 'Rank 1 in flight 1, rank 2 in flight 2, and so on; a random draw inside each flight.',
  },
  { rule: 'hand', label: 'By hand', hint: 'The order you set; the seed is recorded but not used.' },
];

export const ruleLabel = (rule: string) => RULES.find((one) => one.rule === rule)?.label ?? rule;

/** What the seed's field reads from a circuit's own (dice read in public) or starts with: below 2^48, as the API's. */
export function newSeed(random: (buffer: Uint32Array) => Uint32Array = (buffer) => crypto.getRandomValues(buffer)) {
  const [high, low] = random(new Uint32Array(2));
  return String((high % 0x10000) * 0x1_0000_0000 + low);
}

export interface DrawForm {
  rule: DrawRule;
  inTiers: boolean;
  /** group id -> its tier's field, as typed */
  tiers: Record<number, string>;
  scoreFrom: 'season' | 'competition';
  /** the named competition's id, '' for none chosen */
  scoreCompetitionId: string;
  blocks: '2' | '3';
  flights: string;
  /** group ids, the first performs first */
  handOrder: number[];
  seed: string;
}

export interface Entry {
  groupId: number;
  name: string;
}

export const initialForm = (entries: readonly Entry[], seed: string): DrawForm => ({
  rule: 'random',
  inTiers: false,
  tiers: Object.fromEntries(entries.map((entry) => [entry.groupId, '1'])),
  scoreFrom: 'season',
  scoreCompetitionId: '',
  blocks: '3',
  flights: '2',
  handOrder: entries.map((entry) => entry.groupId),
  seed,
});

const SEED_ERROR = `The seed is a whole number from 0 to ${MAX_SEED}.`;

/**
 * The request for the section's entries, or the fields the page refuses before sending (named as the API names
 * them: `seed`, `tiers[<group id>]`, `scoreCompetitionId`, `flights`).
 */
export function drawRequest(
  form: DrawForm,
  entries: readonly Entry[],
  section: { round: number; divisionId: number },
): { body: DrawRequest } | { problems: Map<string, string> } {
  const problems = new Map<string, string>();
  const seedText = form.seed.trim();
  const seed = /^\d{1,16}$/.test(seedText) ? Number(seedText) : Number.NaN;
  if (!Number.isSafeInteger(seed)) problems.set('seed', SEED_ERROR);
  const body: DrawRequest = { ...section, rule: form.rule, seed: seedText };
  if (form.rule === 'random' && form.inTiers) {
    const tiers = entries.map((entry) => {
      const text = (form.tiers[entry.groupId] ?? '').trim();
      const tier = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
      if (!(tier >= 1 && tier <= MAX_TIER))
        problems.set(`tiers[${entry.groupId}]`, `A tier is a whole number from 1 to ${MAX_TIER}.`);
      return { groupId: entry.groupId, tier };
    });
    body.tiers = tiers;
  }
  if (form.rule === 'reverse-score' || form.rule === 'seeded' || form.rule === 'flights') {
    body.scoreFrom = form.scoreFrom;
    if (form.scoreFrom === 'competition') {
      if (form.scoreCompetitionId === '')
        problems.set('scoreCompetitionId', 'Choose the competition whose scores rank the groups.');
      else body.scoreCompetitionId = Number(form.scoreCompetitionId);
    }
  }
  if (form.rule === 'seeded') body.blocks = Number(form.blocks);
  if (form.rule === 'flights') {
    const flights = /^\d$/.test(form.flights.trim()) ? Number(form.flights) : Number.NaN;
    if (!(flights >= MIN_FLIGHTS && flights <= MAX_FLIGHTS))
      problems.set('flights', `Flights: from ${MIN_FLIGHTS} to ${MAX_FLIGHTS}.`);
    body.flights = flights;
  }
  if (form.rule === 'hand') body.order = [...form.handOrder];
  return problems.size > 0 ? { problems } : { body };
}

/**
 * The API's refusal's fields as the page shows them: `tiers[2].tier` (the request's index) becomes the tier field of
 * the entry sent there; the rest as named.
 */
export function problemsFromApi(errors: Map<string, string>, sent: DrawRequest | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, message] of errors) {
    const tier = /^tiers[.[](\d+)/.exec(name);
    const groupId = tier ? sent?.tiers?.[Number(tier[1])]?.groupId : undefined;
    found.set(groupId === undefined ? name.replace(/[.[].*$/, '') : `tiers[${groupId}]`, message);
  }
  return found;
}

export interface OrderLine {
  position: number;
  groupId: number;
  name: string;
  /** what placed it: "tier 1", "rank 2 · 81.250", "block 1 of 3 · rank 1", "flight 2 · rank 3" */
  detail: string;
}

const scoreText = (score: number | null | undefined) =>
  score === null || score === undefined ? 'no score' : score.toFixed(3);

/** A record's order, each line named and with what placed it. */
export function orderLines(record: DrawRecord): OrderLine[] {
  const byGroup = new Map(record.input.entries.map((entry) => [entry.groupId, entry]));
  return record.order.map((place) => {
    const entry = byGroup.get(place.groupId);
    const parts: string[] = [];
    if (place.tier !== undefined && record.input.tiers) parts.push(`tier ${place.tier}`);
    if (place.block !== undefined) parts.push(`block ${place.block} of ${record.input.blocks ?? 3}`);
    if (place.flight !== undefined) parts.push(`flight ${place.flight}`);
    if (place.rank !== undefined) parts.push(`rank ${place.rank} (${scoreText(entry?.score)})`);
    return {
      position: place.position,
      groupId: place.groupId,
      name: entry?.name ?? `Group ${place.groupId}`,
      detail: parts.join(' · '),
    };
  });
}

/** The hand order with the entry at `index` moved by `by` places (kept in bounds). */
export function moved(order: readonly number[], index: number, by: -1 | 1): number[] {
  const to = index + by;
  if (index < 0 || index >= order.length || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
