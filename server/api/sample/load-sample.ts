/**
 * The deterministic sample circuit: two seasons of a winter guard / percussion / winds circuit with realistic
 * classes, groups, judges and scores. Everything comes from one seeded random stream; only the placing of the
 * current season's events (a practice event, a past show, one today and one ahead) depends on today's date.
 * All scores go through the bulk loader, so they are tabulated by the one tabulation like any imported recap.
 */
import type { Database, Tx } from '../db/database.js';
import { loadCompetition, type LoadPerformance, type LoadSection } from '../db/repositories/load-competition.js';
import { loadRoster } from '../db/repositories/load-roster.js';
import { tabulate } from '../tabulation/tabulate.js';
import type { ScoreSheet, SubcaptionScore } from '../tabulation/types.js';
import {
  COLOR_GUARD,
  DIVISIONS,
  INDEPENDENT_GUARDS,
  INDEPENDENT_PERCUSSION,
  INDEPENDENT_WINDS,
  JUDGES,
  PERCUSSION,
  TOWNS,
  VENUES,
  WINDS,
  type SampleDivision,
} from './circuit.js';
import { sampleGuids, seededRandom, type Random } from './random.js';

export interface SampleSummary {
  seasons: number;
  divisions: number;
  groups: number;
  events: number;
  competitions: number;
  performances: number;
}

export interface SampleOptions {
  /** the day the current season's events are placed around (default: now) */
  today?: Date;
}

const SEED = 20_262_027;
const DAY = 86_400_000;

interface SampleGroup {
  name: string;
  location: string;
  division: SampleDivision;
  /** how good the group is within its class, about -2..2 */
  strength: number;
  /** the group's lean per caption key (strong design, weaker equipment ...) */
  lean: Map<string, number>;
  active: boolean;
  pending: boolean;
}

type EventState = 'past' | 'today' | 'future';

interface PlannedEvent {
  name: string;
  venue: [string, string];
  date: string;
  seasonName: string;
  eventTypeId: number;
  practice: boolean;
  championship: boolean;
  state: EventState;
  /** 0 at the first show of a season, 1 at championships: scores rise through the season */
  progress: number;
  inCurrentSeason: boolean;
  attendance: number;
}

/** Loads the sample circuit into an (empty) organization in one transaction. */
export async function loadSample(
  database: Database,
  orgId: number,
  options: SampleOptions = {},
): Promise<SampleSummary> {
  const random = seededRandom(SEED);
  const newGuid = sampleGuids(orgId);
  const today = startOfDay(options.today ?? new Date());
  const seasons = seasonsAround(today);
  const groups = makeGroups(random);
  const plan = planEvents(today, seasons);

  return database.db.transaction(async (tx) => {
    const roster = await loadRoster(
      tx,
      orgId,
      {
        seasons: [seasons.previous, seasons.current],
        divisions: DIVISIONS.map((division, i) => ({ ...division, sortOrder: i + 1 })),
        groups: groups.map((group, i) => ({
          name: group.name,
          location: group.location,
          circuitId: String(10_000 + i * 53 + random.int(0, 52)),
          divisionName: group.division.name,
          active: group.active,
          pending: group.pending,
        })),
      },
      { newGuid },
    );
    let competitions = 0;
    let performances = 0;
    for (const event of plan) {
      const seasonId = roster.seasonIds.get(event.seasonName)!;
      let eventId: number | undefined;
      for (const [name, groupTypeIds] of [
        ['Color Guard', [COLOR_GUARD]],
        ['Percussion & Winds', [PERCUSSION, WINDS]],
      ] as const) {
        const loaded = await loadEventCompetition(tx, orgId, random, newGuid, {
          event,
          eventId,
          seasonId,
          name,
          groupTypeIds,
          groups,
          startHourUtc: name === 'Color Guard' ? 14 : 15,
        });
        eventId = loaded.eventId;
        competitions += 1;
        performances += loaded.performances;
      }
    }
    return {
      seasons: roster.seasonIds.size,
      divisions: roster.divisionIds.size,
      groups: roster.groups,
      events: plan.length,
      competitions,
      performances,
    };
  });
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Seasons run August to May; the current one holds today. */
function seasonsAround(today: Date) {
  const startYear = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const season = (start: number) => ({
    name: `${start}-${String((start + 1) % 100).padStart(2, '0')} Season`,
    year: start + 1,
    startDate: `${start}-08-01`,
    endDate: `${start + 1}-05-31`,
  });
  return { previous: season(startYear - 1), current: season(startYear), currentStartYear: startYear };
}

function makeGroups(random: Random): SampleGroup[] {
  const schoolNames = (suffix: string) =>
    random.shuffle([
      ...TOWNS.map(([town, state]) => ({ name: `${town} HS${suffix}`, location: `${town}, ${state}` })),
      ...TOWNS.map(([town, state]) => ({ name: `${town} Memorial HS${suffix}`, location: `${town}, ${state}` })),
    ]);
  const independents = (names: readonly string[]) =>
    random.shuffle(names).map((name) => {
      const [town, state] = random.pick(TOWNS);
      return { name, location: `${town}, ${state}` };
    });
  const pools = new Map<string, { name: string; location: string }[]>([
    [`${COLOR_GUARD}:school`, schoolNames('')],
    [`${COLOR_GUARD}:independent`, independents(INDEPENDENT_GUARDS)],
    [`${PERCUSSION}:school`, schoolNames('')],
    [`${PERCUSSION}:independent`, independents(INDEPENDENT_PERCUSSION)],
    [`${WINDS}:school`, schoolNames(' Winds')],
    [`${WINDS}:independent`, independents(INDEPENDENT_WINDS)],
  ]);
  const groups: SampleGroup[] = [];
  for (const division of DIVISIONS) {
    const pool = pools.get(`${division.groupTypeId}:${division.independent ? 'independent' : 'school'}`)!;
    for (let i = 0; i < division.size; i++) {
      const { name, location } = pool.shift()!;
      const lean = new Map<string, number>();
      for (const category of division.sheet.categories) {
        for (const caption of category.captions) lean.set(caption.key, random.normal() * 1.2);
      }
      groups.push({
        name,
        location,
        division,
        strength: Math.max(-2, Math.min(2, random.normal() * 0.9)),
        lean,
        active: true,
        pending: false,
      });
    }
  }
  // A few groups folded after last season (inactive) and two new ones await approval (pending).
  for (const index of [3, 19, 41, 66, 88, 104, 131]) groups[index].active = false;
  for (const index of [27, 112]) groups[index].pending = true;
  return groups;
}

function planEvents(today: Date, seasons: ReturnType<typeof seasonsAround>): PlannedEvent[] {
  const year = seasons.currentStartYear;
  const previous = seasons.previous.name;
  const current = seasons.current.name;
  const progressIn = (date: Date, championsYear: number) =>
    Math.max(
      0,
      Math.min(
        1,
        (date.getTime() - Date.UTC(championsYear, 0, 10)) /
          (Date.UTC(championsYear, 3, 11) - Date.UTC(championsYear, 0, 10)),
      ),
    );
  const fixed = (month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
  const relative = (days: number) => new Date(today.getTime() + days * DAY);
  const event = (
    name: string,
    venue: number,
    date: Date,
    seasonName: string,
    state: EventState,
    extra: Partial<PlannedEvent> = {},
  ): PlannedEvent => ({
    name,
    venue: VENUES[venue],
    date: isoDate(date),
    seasonName,
    eventTypeId: 1,
    practice: false,
    championship: false,
    state,
    progress: progressIn(date, seasonName === previous ? year : year + 1),
    inCurrentSeason: seasonName === current,
    attendance: 0.5,
    ...extra,
  });
  return [
    event('Winter Kickoff', 0, fixed(1, 17), previous, 'past'),
    event('Gulf Coast Invitational', 1, fixed(1, 31), previous, 'past'),
    event('Hill Country Classic', 2, fixed(2, 14), previous, 'past'),
    event('Cypress Woods Invitational', 3, fixed(2, 28), previous, 'past'),
    event('North Texas Regional', 4, fixed(3, 14), previous, 'past', { eventTypeId: 5 }),
    event('Spring Showcase', 5, fixed(3, 28), previous, 'past'),
    event('Circuit Championships', 6, fixed(4, 11), previous, 'past', {
      eventTypeId: 2,
      championship: true,
      attendance: 1,
    }),
    event('Fall Evaluation Clinic', 7, relative(-28), current, 'past', {
      eventTypeId: 3,
      practice: true,
      attendance: 0.3,
    }),
    event('Red River Classic', 8, relative(-14), current, 'past', { attendance: 0.45 }),
    event('Holiday Preview', 9, today, current, 'today', { championship: true, attendance: 0.3 }),
    event('New Year Invitational', 10, relative(14), current, 'future', { attendance: 0.45 }),
    event('Frisco Winter Contest', 11, relative(28), current, 'future', { attendance: 0.4 }),
  ];
}

interface CompetitionPlan {
  event: PlannedEvent;
  eventId: number | undefined;
  seasonId: number;
  name: string;
  groupTypeIds: readonly number[];
  groups: SampleGroup[];
  startHourUtc: number;
}

interface Entry {
  group: SampleGroup;
  performance: Omit<LoadPerformance, 'groupName' | 'groupLocation'>;
}

async function loadEventCompetition(
  tx: Tx,
  orgId: number,
  random: Random,
  newGuid: () => string,
  plan: CompetitionPlan,
) {
  const { event } = plan;
  const start = new Date(`${event.date}T${String(plan.startHourUtc).padStart(2, '0')}:00:00Z`);
  const entrants = plan.groups.filter(
    (group) =>
      plan.groupTypeIds.includes(group.division.groupTypeId) &&
      !group.pending &&
      (group.active || !event.inCurrentSeason) &&
      random.chance(event.attendance),
  );
  const divisions = DIVISIONS.filter((division) => plan.groupTypeIds.includes(division.groupTypeId));
  const judgesFor = panelMaker(random);
  const sections: (LoadSection & { division: SampleDivision; entries: Entry[] })[] = [];
  divisions.forEach((division, index) => {
    // Today the color guard is through prelims and finals; percussion and winds are half way through their classes.
    const scored =
      event.state === 'past' ||
      (event.state === 'today' && (division.groupTypeId === COLOR_GUARD || index < divisions.length / 2));
    const field = random.shuffle(entrants.filter((group) => group.division === division));
    if (field.length === 0) return;
    // Championships hold prelims in the big classes (today's smaller show in every class of four or more).
    const hasPrelims = event.championship && field.length >= (event.state === 'today' ? 4 : 8);
    let finalists = field;
    if (hasPrelims) {
      const prelims = perform(random, division, field, event, scored, 0);
      sections.push(section(division, 1, 'Prelims', judgesFor(1, division), prelims));
      finalists = advance(division.sheet, prelims, Math.min(12, Math.ceil(field.length * 0.6)));
    }
    const finalsRound = event.championship ? 2 : 1;
    sections.push(
      section(
        division,
        finalsRound,
        'Finals',
        judgesFor(finalsRound, division),
        perform(random, division, finalists, event, scored, hasPrelims ? 0.6 : 0),
      ),
    );
  });
  scheduleSections(sections, start, event);

  const loaded = await loadCompetition(
    tx,
    orgId,
    {
      title: event.name,
      location: event.venue[1],
      date: event.date,
      chiefJudge: random.pick(JUDGES).join(' '),
      seasonId: plan.seasonId,
      groupTypeId: plan.groupTypeIds[0],
      released: event.state === 'past',
      sections: sections.map(({ division: _division, entries: _entries, ...rest }) => rest),
      event: plan.eventId
        ? { id: plan.eventId }
        : {
            guid: newGuid(),
            eventTypeId: event.eventTypeId,
            practice: event.practice,
            videoEnabled: !event.practice,
            commentaryEnabled: event.championship,
          },
      competition: {
        name: plan.name,
        startsAt: start,
        orgCompetitionId: `${event.date.replaceAll('-', '')}-${plan.groupTypeIds[0]}`,
        // Today: the color guard prelims are out, its finals are scored but held back.
        releasedRounds: event.state === 'today' ? (plan.groupTypeIds[0] === COLOR_GUARD ? [1] : []) : undefined,
      },
    },
    { newGuid },
  );
  return { eventId: loaded.eventId, performances: loaded.performances };
}

/** Judges' numbers for a field: class level rising through the season, the group's strength and leans, noise. */
function perform(
  random: Random,
  division: SampleDivision,
  field: SampleGroup[],
  event: PlannedEvent,
  scored: boolean,
  boost: number,
): Entry[] {
  const entries: Entry[] = field.map((group) => {
    const target =
      division.early + (division.late - division.early) * event.progress + group.strength * 3 + boost + random.normal();
    const scores: SubcaptionScore[] = [];
    for (const category of division.sheet.categories) {
      for (const caption of category.captions) {
        for (const line of caption.subcaptions) {
          const raw = Math.round(target + (group.lean.get(caption.key) ?? 0) + random.normal() * 1.5);
          scores.push({
            captionKey: caption.key,
            subcaptionKey: line.key,
            score: Math.max(10, Math.min(line.max - 1, raw)),
          });
        }
      }
    }
    const withdrew = random.chance(0.01);
    const penalty = random.chance(0.05) ? random.pick([0.1, 0.2, 0.3, 0.5, 1]) : 0;
    if (!scored) return { group, performance: { performed: true, noScoreReason: '', scores: [], penalty: 0 } };
    return {
      group,
      performance: withdrew
        ? { performed: false, noScoreReason: 'Withdrew', scores: [], penalty: 0 }
        : { performed: true, noScoreReason: '', scores, penalty },
    };
  });
  // Judges do tie: now and then two groups get identical sheets, so their totals and ranks tie too.
  if (scored && entries.length >= 4 && random.chance(0.3)) {
    const at = random.int(1, entries.length - 2);
    const [a, b] = [entries[at].performance, entries[at + 1].performance];
    if (a.performed && b.performed)
      entries[at + 1].performance = { ...b, scores: a.scores.map((score) => ({ ...score })), penalty: a.penalty };
  }
  return entries;
}

/** The prelims' top finishers by the tabulated total, in finals running order (lowest seed first). */
function advance(sheet: ScoreSheet, prelims: Entry[], count: number): SampleGroup[] {
  const results = tabulate(
    sheet,
    prelims.map((entry, id) => ({
      id,
      performed: entry.performance.performed,
      scores: entry.performance.scores,
      penalty: entry.performance.penalty,
    })),
  );
  const seeded = results
    .filter((result) => result.total.rank !== null)
    .sort((a, b) => a.total.rank! - b.total.rank! || Number(a.id) - Number(b.id));
  const chosen =
    seeded.length > 0
      ? seeded.slice(0, count).map((result) => prelims[Number(result.id)].group)
      : prelims.slice(0, count).map((entry) => entry.group);
  return chosen.reverse();
}

function section(
  division: SampleDivision,
  roundNumber: number,
  roundName: string,
  judges: LoadSection['judges'],
  entries: Entry[],
) {
  return {
    division,
    entries,
    divisionName: division.name,
    roundNumber,
    roundName,
    sheet: division.sheet,
    judges,
    performances: entries.map((entry, position): LoadPerformance => ({
      groupName: entry.group.name,
      groupLocation: entry.group.location,
      ...entry.performance,
      order: position + 1,
    })),
  };
}

/**
 * Performance times: classes back to back at their interval with a short break between classes; championship
 * finals start the next day (the same evening for today's show).
 */
function scheduleSections(sections: (LoadSection & { division: SampleDivision })[], start: Date, event: PlannedEvent) {
  sections.sort(
    (a, b) => a.roundNumber - b.roundNumber || DIVISIONS.indexOf(a.division) - DIVISIONS.indexOf(b.division),
  );
  let clock = start.getTime();
  let round = sections[0]?.roundNumber;
  for (const entry of sections) {
    if (entry.roundNumber !== round) {
      round = entry.roundNumber;
      clock = event.state === 'today' ? clock + 60 * 60_000 : start.getTime() + DAY;
    }
    for (const performance of entry.performances) {
      performance.performsAt = new Date(clock);
      clock += entry.division.interval * 60_000;
    }
    clock += 10 * 60_000;
  }
}

function panelMaker(random: Random) {
  const panels = new Map<string, [string, string][]>();
  return (roundNumber: number, division: SampleDivision): LoadSection['judges'] => {
    const key = `${roundNumber}:${division.groupTypeId}`;
    let panel = panels.get(key);
    if (!panel) panels.set(key, (panel = random.shuffle(JUDGES)));
    const captions = division.sheet.categories.flatMap((category) => category.captions);
    return captions.map((caption, i) => ({ captionKey: caption.key, firstName: panel[i][0], lastName: panel[i][1] }));
  };
}
