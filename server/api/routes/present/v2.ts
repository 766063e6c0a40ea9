/** Database records -> the v2 (/2018-03/) PascalCase records, numbers as decimal text (specification). */
import type { z } from '@hono/zod-openapi';
import type {
  CompetitionRecord,
  CompetitionSection,
  RoundRow,
  SectionPerformance,
} from '../../db/repositories/competitions.read.js';
import type { PerformanceRecord, CompetitionRecord as CompetitionRecordV2 } from '../schemas/v2.js';
import { formatScore } from '../../../../domain/scores.js';
import { isoTimestamp } from './v4.js';
import { publishedPages, registrationPageUrl } from '../pages/addresses.js';

export function competitionRecord(
  competition: CompetitionRecord,
  roundRows: RoundRow[],
  origin: string,
  currentSeasonId: number | undefined,
  /** whether the competition's registration exists: then RegistrationUrl is its public page, else "" (decision 139) */
  registered: boolean,
): z.infer<typeof CompetitionRecordV2> {
  // Releasing a round releases its whole recap (totals, categories, captions and judges), and v2 performances carry
  // released rounds only: so the recap flags say what those records may show, which is all of it once any round is out.
  const released = roundRows.some((round) => round.scoresReleased);
  const pages = publishedPages(origin, competition.orgGuid);
  return {
    EventGuid: competition.eventGuid,
    EventName: competition.eventName,
    Location: competition.location,
    Date: isoTimestamp(competition.startsAt),
    CompetitionGuid: competition.guid,
    CompetitionName: competition.name,
    ChiefJudge: competition.chiefJudge,
    RecapUrl: pages.recap(competition.guid),
    CategoryRecapUrl: pages.recap(competition.guid, 'categories'),
    PerformancesUrl: `${origin}/2018-03/performances?c=${competition.guid}`,
    ScoresReleased: released,
    CategoryRecapReleased: released,
    RecapReleased: released,
    OrgCompetitionID: competition.orgCompetitionId,
    GroupTypeID: competition.groupTypeId,
    SeasonGuid: competition.seasonGuid,
    SeasonName: competition.seasonName,
    IsCurrentSeason: competition.seasonId === currentSeasonId,
    RegistrationUrl: registered ? registrationPageUrl(origin, competition.orgGuid, competition.guid) : '',
  };
}

/**
 * Only released rounds reach this function (the route filters). A group that did not perform carries zeros and
 * the rank the tabulation gives it (last, shared, as the recaps print it); one not yet scored carries rank 0.
 */
export function performanceRecord(
  section: CompetitionSection,
  performance: SectionPerformance,
): z.infer<typeof PerformanceRecord> {
  const result = performance.result;
  const performed = performance.performed && result !== null && result.performed;
  const categoriesByKey = new Map((result?.categories ?? []).map((category) => [category.key, category]));
  return {
    DivisionName: section.division.name,
    DivisionInitials: section.division.initials,
    Round: String(section.round.number),
    RoundName: section.round.name,
    GroupName: performance.group.name,
    OrgGroupIdentifier: performance.group.circuitId,
    TotalScore: formatScore(performed ? result.total.score : 0, 'total'),
    Rank: result?.total.rank ?? 0,
    SubtotalScore: formatScore(performed ? result.subtotal.score : 0, 'total'),
    SubtotalRank: result?.subtotal.rank ?? 0,
    Performed: performed,
    NoScoreReason: performance.noScoreReason,
    Categories: performed
      ? (section.sheet?.categories ?? []).map((categoryDef) => {
          const category = categoriesByKey.get(categoryDef.key);
          const captionsByKey = new Map((category?.captions ?? []).map((caption) => [caption.key, caption]));
          return {
            Name: categoryDef.name,
            Score: formatScore(category?.score ?? 0, 'v2Caption'),
            Rank: category?.rank ?? 0,
            Captions: categoryDef.captions.map((captionDef) => {
              const caption = captionsByKey.get(captionDef.key);
              const judge = section.judges.get(captionDef.key);
              const subsByKey = new Map((caption?.subcaptions ?? []).map((sub) => [sub.key, sub]));
              return {
                JudgeFirstName: judge?.firstName ?? '',
                JudgeLastName: judge?.lastName ?? '',
                Name: captionDef.name,
                Initials: captionDef.initials,
                Score: formatScore(caption?.score ?? 0, 'v2Caption'),
                Rank: caption?.rank ?? 0,
                Subcaptions: captionDef.subcaptions.map((subDef) => ({
                  Name: subDef.name,
                  Initials: subDef.initials,
                  Score: formatScore(subsByKey.get(subDef.key)?.score ?? 0, 'v2Subcaption'),
                  Rank: subsByKey.get(subDef.key)?.rank ?? 0,
                })),
              };
            }),
          };
        })
      : [],
  };
}
