/** Tablet status: a judge's page's heartbeat, and a competition's judges with their tablets (tablets.routes.ts). */
import { TABLET_SILENT_AFTER_MS } from '../../../../domain/commentary.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { findCompetition } from '../../db/repositories/competitions.read.js';
import { competitionTablets, groupsOfPerformances, recordTabletReport } from '../../db/repositories/tablet-reports.js';
import * as routes from './tablets.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter().openapi(routes.getTablets, async (c) => {
    const orgId = c.get('auth').orgId;
    const { competitionId } = c.req.valid('param');
    const read = await services.database.transaction(async () => {
      const competition = await findCompetition(db, orgId, { id: competitionId });
      if (!competition) return undefined;
      const judges = await competitionTablets(db, orgId, competitionId);
      const recorded = judges.flatMap((judge) =>
        judge.tablets.flatMap((tablet) => (tablet.report.recording ? [tablet.report.recording.performanceId] : [])),
      );
      return { competition, judges, groups: await groupsOfPerformances(db, orgId, recorded) };
    });
    if (!read) throw notFound(`Competition ${competitionId}`);
    const now = Date.now();
    const silent = (at: Date) => now - at.getTime() > TABLET_SILENT_AFTER_MS;
    return c.json(
      {
        competition: { id: read.competition.id, name: read.competition.name },
        data: read.judges.map((judge) => ({
          user: { id: judge.userId, name: judge.name },
          seats: judge.seats,
          silent: !judge.tablets.some((tablet) => !silent(tablet.lastSeenAt)),
          tablets: judge.tablets.map(({ deviceId, lastSeenAt, report }) => ({
            deviceId,
            lastSeenAt: lastSeenAt.toISOString(),
            silent: silent(lastSeenAt),
            report: {
              ...report,
              recording: report.recording && {
                ...report.recording,
                group: read.groups.get(report.recording.performanceId) ?? null,
              },
            },
          })),
        })),
      },
      200,
      { 'cache-control': 'private, no-store' },
    );
  });
}

/** The heartbeat: outside the write unit, one upsert (http/unlocked-writes.ts). */
export function unlocked(services: Services) {
  const db = services.database.db;
  return newRouter().openapi(routes.reportTablet, async (c) => {
    const auth = c.get('auth');
    if (auth.userId === undefined)
      throw new ApiProblem(422, 'user_required', "A tablet report is a signed-in judge's: this token is a key's own");
    const { deviceId, recording, ...report } = c.req.valid('json');
    const lastSeenAt = await recordTabletReport(db, {
      orgId: auth.orgId,
      userId: auth.userId,
      deviceId,
      report: { ...report, recording: recording && { ...recording, since: recording.since.toISOString() } },
    });
    return c.json({ lastSeenAt: lastSeenAt.toISOString() }, 200, { 'cache-control': 'no-store' });
  });
}
