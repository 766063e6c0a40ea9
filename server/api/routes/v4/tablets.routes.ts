/**
 * The judges' tablets' status (docs/decisions/128-commentary-api.md): each judge's page reports itself every few
 * seconds, and the console reads every seated judge's last reports. Served by tablets.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { unlocked } from '../../http/unlocked-writes.js';
import { jsonBodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { IntId } from '../schemas/scalars.js';
import { TabletReportBody, TabletStatus } from '../schemas/commentary.js';

export const reportTablet = createRoute(
  unlocked(
    permitted('enter-seated-scores', {
      method: 'post',
      path: '/me/tablet',
      summary: "A judge's tablet reports itself (a heartbeat of the judge's page)",
      description:
        "Sent every few seconds while the judge's page is open: the device in words, the page's build, the battery where the browser tells, what waits to be sent (entries, audio), what it records now, the microphone's state. Kept per user and device (the last report only; a user's five most recent devices). A signed-in user's only (422 user_required for a key's own token). Outside the write unit: it takes no lock and drops no cache.",
      request: { body: jsonBodyOf(TabletReportBody, "the tablet's state now") },
      responses: {
        200: {
          description: 'Kept',
          content: { 'application/json': { schema: z.object({ lastSeenAt: z.string() }) } },
        },
        ...writeErrors,
      },
    }),
  ),
);

export const getTablets = createRoute(
  permitted('read-unreleased', {
    method: 'get',
    path: '/competitions/{competitionId}/tablets',
    summary: "Every judge seated at a competition by user, with their tablets' last reports (tablet status)",
    description:
      "For the tabulator's status page: each judge user seated on a caption of the competition, their seats, and each of their tablets (newest report first) with when it was last heard from and whether it has been silent for more than a minute. A judge with no tablet heard from has none. Not cached.",
    request: { params: z.object({ competitionId: IntId('competitionId') }) },
    responses: {
      200: {
        description: 'The judges and their tablets',
        content: {
          'application/json': {
            schema: z
              .object({
                competition: z.object({ id: z.number().int(), name: z.string() }),
                data: z.array(
                  z.object({
                    user: z.object({ id: z.number().int(), name: z.string() }),
                    seats: z.array(
                      z.object({ round: z.number().int(), divisionId: z.number().int(), captionKey: z.string() }),
                    ),
                    silent: z.boolean().openapi({ description: 'no tablet of theirs heard from in the last minute' }),
                    tablets: z.array(TabletStatus),
                  }),
                ),
              })
              .openapi('CompetitionTablets'),
          },
        },
      },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);
