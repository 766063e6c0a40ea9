import { isGuid } from '../../domain/guid.js';
import { verifyDraw, type DrawRecord } from '../../domain/draw/record.js';
import { competitionByGuid, competitionDraws } from '../api/db/repositories/draws.read.js';
import { withDatabase } from './database.js';
import { asDrawRecord, publishedDraws } from './draw-published.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';
import { print } from './io.js';

export const usage = 'Usage: cli draw verify --competition GUID | --published URL';

interface Checked {
  draw: string;
  section: string;
  line: Record<string, unknown>;
  same: boolean;
}

/** One draw's record re-run: its JSON line and whether it gave its recorded order. */
function check(draw: string, section: string, record: DrawRecord | null, where: Record<string, unknown>): Checked {
  if (record === null)
    return { draw, section, same: false, line: { draw, ...where, same: false, error: 'not a draw record' } };
  let result: ReturnType<typeof verifyDraw>;
  try {
    result = verifyDraw(record);
  } catch {
    // a record edited into something the procedure cannot run
    return { draw, section, same: false, line: { draw, ...where, same: false, error: 'the record does not run' } };
  }
  return {
    draw,
    section,
    same: result.same,
    line: {
      draw,
      ...where,
      rule: record.input.rule,
      seed: record.input.seed,
      order: record.order.map((place) => place.groupId),
      same: result.same,
      ...(result.same ? {} : { differsAt: result.differsAt }),
    },
  };
}

/**
 * `draw verify --competition GUID`: re-runs every recorded draw of the competition from its record (the rule, the
 * inputs, the seed; docs/decisions/132-a-draw-anyone-can-re-run.md) and prints one JSON line per draw and a last
 * {"competition","draws":N,"ok":...}; a draw whose record does not give its order exits 1, naming it.
 * `draw verify --published URL`: the same from the published "How this order was drawn" page, as anyone can, with
 * no account and no database (the last line {"published","draws":N,"ok":...}).
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'verify')
    throw new UsageError(action ? `Unknown draw command: ${action}` : 'Missing draw command', usage);
  const flags = parseFlags(rest, { competition: {}, published: {} }, usage);
  if ((flags.competition === undefined) === (flags.published === undefined))
    throw new UsageError('Give one of --competition or --published', usage);
  const checked =
    flags.published !== undefined ? await fromPage(flags.published) : await fromDatabase(flags.competition!);
  const failed = checked.draws.filter((draw) => !draw.same).map((draw) => draw.section);
  for (const draw of checked.draws) print(JSON.stringify(draw.line));
  print(JSON.stringify({ ...checked.summary, draws: checked.draws.length, ok: failed.length === 0 }));
  if (failed.length > 0) throw new CliError(`These draws do not re-run to their order: ${failed.join(', ')}`);
}

async function fromDatabase(competition: string) {
  const guid = competition.trim().toLowerCase();
  if (!isGuid(guid)) throw new UsageError(`Not a competition guid: ${competition}`, usage);
  const { found, draws } = await withDatabase(async ({ db }) => {
    const found = await competitionByGuid(db, guid);
    if (!found) throw new CliError(`No competition with guid ${guid}`);
    return { found, draws: await competitionDraws(db, found.orgId, found.id) };
  });
  return {
    summary: { competition: guid, name: found.name },
    draws: draws.map((draw) =>
      check(draw.guid, `${draw.divisionName} ${draw.roundName || `Round ${draw.roundNumber}`}`, draw.record, {
        division: draw.divisionName,
        round: draw.roundNumber,
      }),
    ),
  };
}

async function fromPage(published: string) {
  let url: URL;
  try {
    url = new URL(published);
  } catch {
    throw new UsageError(`Not a URL: ${published}`, usage);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(`Not a web address: ${published}`, usage);
  const page = await publishedDraws(url);
  return {
    summary: { published: url.href, name: page.title },
    draws: page.draws.map((draw) =>
      check(draw.guid, draw.section, asDrawRecord(draw.record), { section: draw.section }),
    ),
  };
}
