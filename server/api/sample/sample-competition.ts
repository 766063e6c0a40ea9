/** One competition of a sample event: who enters, their judges' numbers, prelims and finals, the schedule. */
import type { Tx } from '../db/database.js';
import {
  loadCompetition,
  type LoadCompetitionInput,
  type LoadPerformance,
  type LoadSection,
} from '../db/repositories/load-competition.js';
import { tabulate } from '../tabulation/tabulate.js';
import type { ScoreSheet, SubcaptionScore } from '../tabulation/types.js';
import { COLOR_GUARD, DIVISIONS, JUDGES, type SampleDivision } from './circuit.js';
import type { Random } from './random.js';
import { DAY, type PlannedEvent } from './sample-calendar.js';
import type { SampleGroup } from './sample-groups.js';

export interface CompetitionPlan {
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

type PlannedSection = LoadSection & { division: SampleDivision; entries: Entry[] };

export async function loadEventCompetition(
  tx: Tx,
  orgId: number,
  random: Random,
  newGuid: () => string,
  plan: CompetitionPlan,
) {
  const { event } = plan;
  const start = new Date(`${event.date}T${String(plan.startHourUtc).padStart(2, '0')}:00:00Z`);
  const sections = plannedSections(random, plan);
  scheduleSections(sections, start, event);
  const loaded = await loadCompetition(tx, orgId, competitionInput(random, newGuid, plan, sections, start), {
    newGuid,
  });
  return { eventId: loaded.eventId, performances: loaded.performances };
}

/** Who enters, in which class and round, with their panels and numbers (none yet where the class has not performed). */
function plannedSections(random: Random, plan: CompetitionPlan): PlannedSection[] {
  const { event } = plan;
  const entrants = plan.groups.filter(
    (group) =>
      plan.groupTypeIds.includes(group.division.groupTypeId) &&
      !group.pending &&
      (group.active || !event.inCurrentSeason) &&
      random.chance(event.attendance),
  );
  const divisions = DIVISIONS.filter((division) => plan.groupTypeIds.includes(division.groupTypeId));
  const judgesFor = panelMaker(random);
  const sections: PlannedSection[] = [];
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
  return sections;
}

function competitionInput(
  random: Random,
  newGuid: () => string,
  plan: CompetitionPlan,
  sections: PlannedSection[],
  start: Date,
): LoadCompetitionInput {
  const { event } = plan;
  return {
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
  };
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
