/**
 * Releasing, withdrawing and signing off a division and round, and what a change to its numbers does to it
 * afterwards (docs/decisions/082-release-gating-and-sign-off.md, 083-errata.md).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import {
  competitions,
  divisions,
  organizations,
  rounds,
  scoreCorrections,
  sectionReviews,
  type AuditActor,
  type CorrectedNumbers,
} from '../schema.js';
import { noteForAudit } from './audit-notes.js';
import { NotFoundError, RuleViolation } from './errors.js';
import {
  missingCaptions,
  reviewSections,
  sectionKey,
  sectionStates,
  type MissingCaption,
  type ReviewSection,
  type SectionState,
} from './sections.read.js';
import { orgWrite, requireOwned } from './support.js';

/** Why one section may not be released: the captions it lacks, no sheet, or no sign-off where one is required. */
export interface SectionRefusal {
  round: number;
  divisionId: number;
  division: string;
  missing: MissingCaption[];
  /** the division has no score sheet in this round: nothing can be scored */
  noSheet: boolean;
  /** the organization requires a sign-off and the section has none */
  notSignedOff: boolean;
}

/** A release refused: each section with what it lacks (the route answers 409 naming them). */
export class ReleaseRefused extends Error {
  constructor(readonly sections: SectionRefusal[]) {
    super(
      sections
        .map((section) => {
          const reasons = [
            ...(section.noSheet ? ['has no score sheet'] : []),
            ...section.missing.map(
              (caption) =>
                `lacks ${caption.captionName} (${caption.captionKey}) for ${caption.performances
                  .map((performance) => `${performance.group} (performance ${performance.id})`)
                  .join(', ')}`,
            ),
            ...(section.notSignedOff ? ['is not signed off, which this organization requires'] : []),
          ];
          return `${section.division}, round ${section.round}, ${reasons.join('; ')}`;
        })
        .join('. '),
    );
    this.name = 'ReleaseRefused';
  }
}

export interface ReleaseSectionsInput {
  competitionId: number;
  /** one round; every round when absent */
  roundNumber?: number;
  /** one division; every division when absent (a whole round or competition, as releases always were) */
  divisionId?: number;
  released: boolean;
  /** release even what the checks refuse (the route requires a reason with it) */
  force: boolean;
}

export interface ReleasedSection {
  round: number;
  divisionId: number;
  division: string;
  released: boolean;
  /** what a forced release let through (empty when nothing was lacking) */
  overridden: SectionRefusal | null;
}

/**
 * Releases (or withdraws) the sections of a competition that the input names. Releasing checks each section not
 * yet released: every performed performance has every caption of the sheet, and a sign-off where the organization
 * requires one; anything lacking refuses the whole request (ReleaseRefused) unless `force`. Without a division the
 * round's own flag is set and its sections follow it again (a whole round, as releases always were); with one, the
 * section gets its own flag.
 */
export async function releaseSections(
  db: DbOrTx,
  orgId: number,
  input: ReleaseSectionsInput,
): Promise<ReleasedSection[]> {
  return orgWrite(db, orgId, async (tx) => {
    const competition = await requireOwned(tx, competitions, 'competition', orgId, input.competitionId);
    const roundRows = await roundsNamed(tx, orgId, competition.id, input.roundNumber);
    if (input.divisionId !== undefined) await requireOwned(tx, divisions, 'division', orgId, input.divisionId);
    const sections = await reviewSections(tx, orgId, competition.id, {
      roundNumber: input.roundNumber,
      divisionId: input.divisionId,
    });
    if (input.divisionId !== undefined && sections.length === 0) {
      throw new RuleViolation(
        'divisionId',
        `competition ${competition.id} has no performance of division ${input.divisionId}` +
          (input.roundNumber === undefined ? '' : ` in round ${input.roundNumber}`),
      );
    }
    const refusals = new Map<ReviewSection, SectionRefusal>();
    if (input.released) {
      const [organization] = await tx
        .select({ requireSignoff: organizations.requireSignoff })
        .from(organizations)
        .where(eq(organizations.id, orgId));
      for (const section of sections) {
        if (section.released) continue;
        const refusal = refusalOf(section, organization?.requireSignoff ?? false);
        if (refusal) refusals.set(section, refusal);
      }
      if (refusals.size > 0 && !input.force) throw new ReleaseRefused([...refusals.values()]);
    }
    if (input.divisionId === undefined) {
      const roundIds = roundRows.map((round) => round.id);
      await tx.update(rounds).set({ scoresReleased: input.released }).where(inArray(rounds.id, roundIds));
      await tx
        .update(sectionReviews)
        .set({ released: null })
        .where(and(eq(sectionReviews.orgId, orgId), inArray(sectionReviews.roundId, roundIds)));
    } else {
      for (const section of sections) {
        await tx
          .insert(sectionReviews)
          .values({ roundId: section.roundId, divisionId: section.division.id, orgId, released: input.released })
          .onConflictDoUpdate({
            target: [sectionReviews.roundId, sectionReviews.divisionId],
            set: { released: input.released },
          });
      }
    }
    return sections.map((section) => ({
      round: section.round.number,
      divisionId: section.division.id,
      division: section.division.name,
      released: input.released,
      overridden: refusals.get(section) ?? null,
    }));
  });
}

function refusalOf(section: ReviewSection, requireSignOff: boolean): SectionRefusal | undefined {
  const refusal: SectionRefusal = {
    round: section.round.number,
    divisionId: section.division.id,
    division: section.division.name,
    missing: missingCaptions(section),
    noSheet: section.sheet === null && section.performances.some((performance) => performance.performed),
    notSignedOff: requireSignOff && section.signOff === null,
  };
  return refusal.missing.length > 0 || refusal.noSheet || refusal.notSignedOff ? refusal : undefined;
}

/** The competition's rounds, or the one numbered (a round named that the competition lacks is the body's fault). */
async function roundsNamed(tx: DbOrTx, orgId: number, competitionId: number, roundNumber: number | undefined) {
  const conditions = [eq(rounds.orgId, orgId), eq(rounds.competitionId, competitionId)];
  if (roundNumber !== undefined) conditions.push(eq(rounds.number, roundNumber));
  const rows = await tx
    .select({ id: rounds.id, number: rounds.number })
    .from(rounds)
    .where(and(...conditions));
  if (roundNumber !== undefined && rows.length === 0) throw new NotFoundError('round', roundNumber);
  return rows;
}

export interface SignOffInput {
  competitionId: number;
  roundNumber: number;
  divisionId: number;
  signedOff: boolean;
  /** who signs off, as the audit trail names them */
  by: AuditActor;
}

/** Signs off (or takes back the sign-off of) a division and round. */
export async function signOffSection(
  db: DbOrTx,
  orgId: number,
  input: SignOffInput,
): Promise<{ round: number; divisionId: number; signedOff: boolean; by: AuditActor | null; at: Date | null }> {
  return orgWrite(db, orgId, async (tx) => {
    const competition = await requireOwned(tx, competitions, 'competition', orgId, input.competitionId);
    const [round] = await roundsNamed(tx, orgId, competition.id, input.roundNumber);
    await requireOwned(tx, divisions, 'division', orgId, input.divisionId);
    const [section] = await reviewSections(tx, orgId, competition.id, {
      roundNumber: input.roundNumber,
      divisionId: input.divisionId,
    });
    if (!section) {
      throw new RuleViolation(
        'divisionId',
        `competition ${competition.id} has no performance of division ${input.divisionId} in round ${input.roundNumber}`,
      );
    }
    const at = input.signedOff ? new Date() : null;
    const by = input.signedOff ? input.by : null;
    await tx
      .insert(sectionReviews)
      .values({ roundId: round.id, divisionId: input.divisionId, orgId, signedOffAt: at, signedOffBy: by })
      .onConflictDoUpdate({
        target: [sectionReviews.roundId, sectionReviews.divisionId],
        set: { signedOffAt: at, signedOffBy: by },
      });
    return { round: input.roundNumber, divisionId: input.divisionId, signedOff: input.signedOff, by, at };
  });
}

export interface NumbersChange {
  performanceId: number;
  roundId: number;
  divisionId: number;
  /** the caption changed; null for the performance's penalties */
  captionKey: string | null;
  before: CorrectedNumbers;
  after: CorrectedNumbers;
  /** why (a correction's reason); required once the section is released */
  reason?: string | null;
}

/**
 * Called by every write that changes a section's numbers, in its transaction, after the change: a change that
 * changes nothing is ignored; otherwise it withdraws the section's sign-off (noted for the audit trail: the chief
 * judge signed off other numbers) and, when the section is released, needs a reason and is recorded as a
 * correction that the recap publishes beside the current numbers (a RuleViolation on `reason` without one, which
 * rolls the change back). Kept apart from the score writes themselves so that they only call it.
 */
export async function noteNumbersChange(
  tx: DbOrTx,
  orgId: number,
  change: NumbersChange,
  /** the sections' states as the write read them for all its changes (sectionStates); kept up to date here */
  known?: Map<string, SectionState>,
): Promise<void> {
  if (sameNumbers(change.before, change.after)) return;
  const key = sectionKey(change.roundId, change.divisionId);
  const state =
    known?.get(key) ??
    (await sectionStates(tx, orgId, [{ roundId: change.roundId, divisionId: change.divisionId }])).get(key);
  if (!state) return;
  const reason = change.reason?.trim() ?? '';
  if (state.released && reason === '') {
    throw new RuleViolation(
      'reason',
      'this division and round is released: a change to its numbers needs a reason, published with the correction',
    );
  }
  if (state.signOff) {
    // withdrawn once: the section's next change in the same write finds no sign-off
    known?.set(key, { ...state, signOff: null });
    await tx
      .update(sectionReviews)
      .set({ signedOffAt: null, signedOffBy: null })
      .where(and(eq(sectionReviews.roundId, change.roundId), eq(sectionReviews.divisionId, change.divisionId)));
    const [round] = await tx
      .select({ number: rounds.number, competitionId: rounds.competitionId })
      .from(rounds)
      .where(eq(rounds.id, change.roundId));
    const where = { round: round?.number ?? null, divisionId: change.divisionId };
    noteForAudit({
      action: 'section.sign-off-withdrawn',
      resource: { type: 'competition', id: round ? String(round.competitionId) : null },
      competitionId: round?.competitionId ?? null,
      before: { ...where, signOff: { by: state.signOff.by, at: state.signOff.at.toISOString() } },
      after: {
        ...where,
        signOff: null,
        changed: { performanceId: change.performanceId, captionKey: change.captionKey },
      },
    });
  }
  if (state.released) {
    await tx.insert(scoreCorrections).values({
      orgId,
      roundId: change.roundId,
      divisionId: change.divisionId,
      performanceId: change.performanceId,
      captionKey: change.captionKey,
      reason,
      before: change.before,
      after: change.after,
    });
  }
}

export function sameNumbers(a: CorrectedNumbers, b: CorrectedNumbers): boolean {
  const canonical = (numbers: CorrectedNumbers) =>
    'penalty' in numbers
      ? `p:${numbers.penalty}`
      : 'performed' in numbers
        ? `d:${numbers.performed}`
        : JSON.stringify(
            [...numbers.scores].sort((x, y) => (x.subcaptionKey < y.subcaptionKey ? -1 : 1)).map((line) => line),
          );
  return canonical(a) === canonical(b);
}
