import { isGuid } from '../../domain/guid.js';
import { verifyDraw } from '../../domain/draw/record.js';
import { competitionByGuid, competitionDraws } from '../api/db/repositories/draws.read.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';
import { print } from './io.js';

export const usage = 'Usage: cli draw verify --competition GUID';

/**
 * `draw verify --competition GUID`: re-runs every recorded draw of the competition from its record (the rule, the
 * inputs, the seed; docs/decisions/132-a-draw-anyone-can-re-run.md) and prints one JSON line per draw and a last
 * {"competition","draws":N,"ok":...}; a draw whose record does not give its order exits 1, naming it.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'verify')
    throw new UsageError(action ? `Unknown draw command: ${action}` : 'Missing draw command', usage);
  const flags = parseFlags(rest, { competition: { required: true } }, usage);
  const guid = flags.competition!.trim().toLowerCase();
  if (!isGuid(guid)) throw new UsageError(`Not a competition guid: ${flags.competition}`, usage);
  const { competition, draws } = await withDatabase(async ({ db }) => {
    const found = await competitionByGuid(db, guid);
    if (!found) throw new CliError(`No competition with guid ${guid}`);
    return { competition: found, draws: await competitionDraws(db, found.orgId, found.id) };
  });
  const failed: string[] = [];
  for (const draw of draws) {
    const check = verifyDraw(draw.record);
    const section = `${draw.divisionName} ${draw.roundName || `Round ${draw.roundNumber}`}`;
    if (!check.same) failed.push(section);
    print(
      JSON.stringify({
        draw: draw.guid,
        division: draw.divisionName,
        round: draw.roundNumber,
        rule: draw.record.input.rule,
        seed: draw.record.input.seed,
        order: draw.record.order.map((place) => place.groupId),
        same: check.same,
        ...(check.same ? {} : { differsAt: check.differsAt }),
      }),
    );
  }
  print(JSON.stringify({ competition: guid, name: competition.name, draws: draws.length, ok: failed.length === 0 }));
  if (failed.length > 0) throw new CliError(`These draws do not re-run to their order: ${failed.join(', ')}`);
}
