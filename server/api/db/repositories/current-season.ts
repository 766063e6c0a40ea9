/**
 * Which season is an organization's current one (decision 123): the one the circuit chose, while it has chosen one;
 * otherwise among the seasons whose dates hold today those with a contest today (a competition of a regular event,
 * on today's UTC day) first, and of those the latest to start (a season set up for a show inside a longer one); with
 * none holding today, the latest to have started; with none started, the first. v4's and v3's `current`, v2's
 * `IsCurrentSeason` and the standings' default season all come from here.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { competitions, events, organizations } from '../schema.js';
import { listSeasons, todayUtc, type SeasonRow } from './seasons.read.js';

export interface CurrentSeason {
  id: number | undefined;
  /** the circuit chose it (false: the dates decided) */
  chosen: boolean;
}

/** The rule, on the seasons oldest first (as listSeasons gives them). */
export function currentSeasonOf(
  rows: readonly SeasonRow[],
  today: string,
  { chosenId, withContestToday }: { chosenId: number | null; withContestToday: ReadonlySet<number> },
): CurrentSeason {
  if (chosenId !== null && rows.some((row) => row.id === chosenId)) return { id: chosenId, chosen: true };
  const holding = rows.filter((row) => row.startDate <= today && today <= row.endDate);
  const contested = holding.filter((row) => withContestToday.has(row.id));
  const started = rows.filter((row) => row.startDate <= today);
  const latest = (list: readonly SeasonRow[]) =>
    [...list].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id).at(-1);
  return { id: (latest(contested) ?? latest(holding) ?? latest(started) ?? rows[0])?.id, chosen: false };
}

/** The organization's current season now; `rows` when the caller has read the seasons already. */
export async function currentSeason(
  db: DbOrTx,
  orgId: number,
  rows?: readonly SeasonRow[],
  today = todayUtc(),
): Promise<CurrentSeason> {
  const dayStart = new Date(`${today}T00:00:00.000Z`);
  const dayEnd = new Date(dayStart.getTime() + 24 * 60 * 60 * 1000);
  const [seasons, [organization], contested] = await Promise.all([
    rows ?? listSeasons(db, orgId),
    db.select({ chosenId: organizations.currentSeasonId }).from(organizations).where(eq(organizations.id, orgId)),
    db
      .selectDistinct({ seasonId: events.seasonId })
      .from(competitions)
      .innerJoin(events, eq(events.id, competitions.eventId))
      .where(
        and(
          eq(competitions.orgId, orgId),
          eq(events.practice, false),
          gte(competitions.startsAt, dayStart),
          lt(competitions.startsAt, dayEnd),
        ),
      ),
  ]);
  return currentSeasonOf(seasons, today, {
    chosenId: organization?.chosenId ?? null,
    withContestToday: new Set(contested.map((row) => row.seasonId)),
  });
}
