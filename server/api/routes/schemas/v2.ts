/** v2 (/2018-03/) records: PascalCase, top-level arrays, decimal numbers as text (specification). */
import { z } from '@hono/zod-openapi';
import { HostedCompetitionRecord, HostedPerformanceRecord } from '../../../../domain/hosted-records.js';

// v2's records are the hosted service's (domain/hosted-records.ts): our API serves the same fields, described here.
export const CompetitionRecord = HostedCompetitionRecord.extend({
  Date: HostedCompetitionRecord.shape.Date.openapi({
    description: 'ISO 8601 UTC timestamp with milliseconds (our choice; the specification leaves it open)',
  }),
}).openapi('CompetitionRecordV2');

const OrgGroupIdentifier = z.string().openapi({ description: "the group's circuitId (v4): never empty" });

export const PerformanceRecord = HostedPerformanceRecord.extend({
  OrgGroupIdentifier,
  TotalScore: HostedPerformanceRecord.shape.TotalScore.openapi({ example: '63.675' }),
}).openapi('PerformanceRecordV2');

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
