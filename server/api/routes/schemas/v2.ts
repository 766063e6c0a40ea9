/** v2 (/2018-03/) records: PascalCase, top-level arrays, decimal numbers as text (specification). */
import { z } from '@hono/zod-openapi';

export const CompetitionRecord = z
  .object({
    EventGuid: z.string(),
    EventName: z.string(),
    Location: z.string(),
    Date: z.string().openapi({ description: 'ISO 8601 UTC timestamp with milliseconds (our choice; the specification leaves it open)' }),
    CompetitionGuid: z.string(),
    CompetitionName: z.string(),
    ChiefJudge: z.string(),
    RecapUrl: z.string(),
    CategoryRecapUrl: z.string(),
    PerformancesUrl: z.string(),
    ScoresReleased: z.boolean(),
    CategoryRecapReleased: z.boolean(),
    RecapReleased: z.boolean(),
    OrgCompetitionID: z.string(),
    GroupTypeID: z.number().int(),
    SeasonGuid: z.string(),
    SeasonName: z.string(),
    IsCurrentSeason: z.boolean(),
    RegistrationUrl: z.string(),
  })
  .openapi('CompetitionRecordV2');

const OrgGroupIdentifier = z.string().openapi({ description: "the group's circuitId (v4): never empty" });

const Subcaption = z.object({ Name: z.string(), Initials: z.string(), Score: z.string(), Rank: z.number().int() });
const Caption = z.object({
  JudgeFirstName: z.string(),
  JudgeLastName: z.string(),
  Name: z.string(),
  Initials: z.string(),
  Score: z.string(),
  Rank: z.number().int(),
  Subcaptions: z.array(Subcaption),
});
const Category = z.object({ Name: z.string(), Score: z.string(), Rank: z.number().int(), Captions: z.array(Caption) });

export const PerformanceRecord = z
  .object({
    DivisionName: z.string(),
    DivisionInitials: z.string(),
    Round: z.string(),
    RoundName: z.string(),
    GroupName: z.string(),
    OrgGroupIdentifier,
    TotalScore: z.string().openapi({ example: '63.675' }),
    Rank: z.number().int(),
    SubtotalScore: z.string(),
    SubtotalRank: z.number().int(),
    Performed: z.boolean(),
    NoScoreReason: z.string(),
    Categories: z.array(Category),
  })
  .openapi('PerformanceRecordV2');

export const RegisteredGroup = z
  .object({
    GroupGuid: z.string(),
    GroupName: z.string(),
    OrgGroupIdentifier,
    Location: z.string(),
    DivisionName: z.string(),
    DivisionInitials: z.string(),
    GroupTypeID: z.number().int(),
    GroupTypeName: z.string(),
    Active: z.boolean(),
    Pending: z.boolean(),
  })
  .openapi('RegisteredGroupV2');
