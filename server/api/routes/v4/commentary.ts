/**
 * Hearing, checking and releasing the judges' commentary (declared in commentary.routes.ts). Who may hear a
 * recording is decided in http/commentary-audience.ts; every answer here is the caller's own (never shared-cached).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { requireHearing } from '../../http/commentary-audience.js';
import { notFound } from '../../http/problem.js';
import { fileResponse } from '../../http/ranges.js';
import { validBody } from '../../http/write-body.js';
import { requestActor } from '../../http/write-unit.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { auditEntriesOf } from '../../db/repositories/audit-log.js';
import { CommentaryRefused } from '../../db/repositories/commentary-errors.js';
import { readFile } from '../../db/repositories/commentary-files.js';
import { marksOf } from '../../db/repositories/commentary-marks.js';
import {
  competitionCommentary,
  recordingInContext,
  recordingsOfPerformance,
} from '../../db/repositories/commentary-recordings.read.js';
import { clearRecording, moveRecording, setVerified } from '../../db/repositories/commentary-recordings.write.js';
import { commentaryReleaseStates, setCommentaryRelease } from '../../db/repositories/commentary-releases.js';
import { commentarySlot } from '../../db/repositories/commentary-slots.read.js';
import { uploadsOf, uploadsOfRecordings } from '../../db/repositories/commentary-uploads.js';
import { findCompetition } from '../../db/repositories/competitions.read.js';
import { NotFoundError, RuleViolation } from '../../db/repositories/errors.js';
import { findPerformance } from '../../db/repositories/performances.read.js';
import { sectionKey } from '../../db/repositories/sections.read.js';
import { recordingItem, slotState } from '../present/commentary.js';
import * as routes from './commentary.routes.js';

const PRIVATE = { 'cache-control': 'private, no-store' };

export function resource(services: Services) {
  const db = services.database.db;
  const limit = services.config.commentaryMaxBytes;
  const answerRecording = async (c: Context<AppEnv>, recording: Parameters<typeof recordingItem>[0]) =>
    c.json(recordingItem(recording, await uploadsOf(db, recording.id), limit), 200);
  return newRouter()
    .openapi(routes.getCompetitionCommentary, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const { round, divisionId, captionKey, performanceId } = c.req.valid('query');
      // its reads in one transaction, as the console's (docs/decisions/104-console-reads-in-one-transaction.md)
      const read = await services.database.transaction(async () => {
        const competition = await findCompetition(db, orgId, { id: competitionId });
        if (!competition) return undefined;
        const listing = await competitionCommentary(db, orgId, competitionId, {
          roundNumber: round,
          divisionId,
          performanceId,
        });
        const sections = [
          ...new Map(
            listing.performances.map((p) => [
              sectionKey(p.roundId, p.division.id),
              { roundId: p.roundId, divisionId: p.division.id, round: p.round, division: p.division },
            ]),
          ).values(),
        ];
        const [releases, uploads] = await Promise.all([
          commentaryReleaseStates(db, orgId, sections),
          uploadsOfRecordings(
            db,
            listing.recordings.filter((recording) => recording.isCurrent).map((recording) => recording.id),
          ),
        ]);
        return { competition, listing, sections, releases, uploads };
      });
      if (!read) throw notFound(`Competition ${competitionId}`);
      const { competition, listing, sections, releases, uploads } = read;
      const data = listing.performances.flatMap((performance) =>
        (listing.captions.get(sectionKey(performance.roundId, performance.division.id)) ?? [])
          .filter((caption) => captionKey === undefined || caption.key === captionKey)
          .map((caption) => {
            const filed = listing.recordings.filter(
              (recording) => recording.performanceId === performance.id && recording.captionKey === caption.key,
            );
            const current = filed.find((recording) => recording.isCurrent);
            return {
              performance: {
                id: performance.id,
                order: performance.order,
                performed: performance.performed,
                group: performance.group,
              },
              round: performance.round,
              division: performance.division,
              caption,
              judges: listing.judges.get(`${performance.roundId}:${performance.division.id}:${caption.key}`) ?? [],
              state: slotState(filed),
              current: current ? recordingItem(current, uploads.get(current.id) ?? [], limit) : null,
              recordingNow: filed.some((recording) => recording.state === 'recording'),
              recordings: filed.length,
            };
          }),
      );
      return c.json(
        {
          competition: { id: competition.id, name: competition.name },
          sections: sections.map((section) => ({
            round: section.round,
            division: section.division,
            ...releaseOf(releases.get(sectionKey(section.roundId, section.divisionId))),
          })),
          data,
        },
        200,
        PRIVATE,
      );
    })
    .openapi(routes.getPerformanceCommentary, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      if (!(await findPerformance(db, orgId, performanceId))) throw notFound(`Performance ${performanceId}`);
      const recordings = await recordingsOfPerformance(db, orgId, performanceId);
      const ids = recordings.map((recording) => recording.id);
      const [uploads, entries] = await Promise.all([
        uploadsOfRecordings(db, ids),
        auditEntriesOf(db, orgId, { type: 'commentary', ids }),
      ]);
      return c.json(
        {
          data: recordings.map((recording) => ({
            ...recordingItem(recording, uploads.get(recording.id) ?? [], limit),
            history: entries
              .filter((entry) => entry.resource.id === String(recording.id))
              .map((entry) => ({ action: entry.action, at: entry.at, by: entry.actor, reason: entry.reason })),
          })),
        },
        200,
        PRIVATE,
      );
    })
    .openapi(routes.getRecording, async (c) => {
      const auth = c.get('auth');
      const found = await heardRecording(c, c.req.valid('param').recordingId);
      const { recording } = found;
      const [uploads, marks, filed, recorded] = await Promise.all([
        uploadsOf(db, recording.id),
        marksOf(db, auth.orgId, recording),
        captionOf(auth.orgId, recording.performanceId, recording.captionKey),
        captionOf(auth.orgId, recording.recordedPerformanceId, recording.recordedCaptionKey),
      ]);
      return c.json(
        {
          ...recordingItem(recording, uploads, limit),
          competitionId: found.competitionId,
          round: found.round,
          division: found.division,
          group: found.group,
          caption: { key: recording.captionKey, name: filed?.name ?? recording.captionKey },
          released: found.released,
          marks: marks.map((mark) => ({
            ...mark,
            subcaptionName: recorded?.subcaptions.find((line) => line.key === mark.subcaptionKey)?.name ?? null,
          })),
        },
        200,
        PRIVATE,
      );
    })
    .openapi(routes.getRecordingAudio, async (c) => {
      const auth = c.get('auth');
      const found = await heardRecording(c, c.req.valid('param').recordingId);
      const { recording } = found;
      const fileId = recording.fileId;
      if (recording.state !== 'uploaded' || fileId === null || recording.sha256 === null || recording.size === null)
        throw new CommentaryRefused('not_finished', `Recording ${recording.id} is still being recorded or uploaded`);
      const caption = await captionOf(auth.orgId, recording.performanceId, recording.captionKey);
      return fileResponse(
        c,
        {
          size: recording.size,
          sha256: recording.sha256,
          contentType: recording.contentType,
          name: `${found.group.name} ${caption?.name ?? recording.captionKey} ${found.round.name || `round ${found.round.number}`}`,
          read: (range) => readFile(db, fileId, range),
        },
        { download: c.req.valid('query').download === true },
      );
    })
    .openapi(routes.verifyRecording, async (c) => {
      const auth = c.get('auth');
      const { verified = true, reason } = validBody(c);
      if (reason) c.set('reason', reason);
      const recording = await setVerified(db, auth.orgId, {
        recordingId: c.req.valid('param').recordingId,
        verified,
        actor: requestActor(c),
      });
      return answerRecording(c, recording);
    })
    .openapi(routes.moveRecording, async (c) => {
      const { performanceId, captionKey, reason } = validBody(c);
      c.set('reason', reason);
      const recording = await moveRecording(db, c.get('auth').orgId, {
        recordingId: c.req.valid('param').recordingId,
        performanceId,
        captionKey,
      });
      return answerRecording(c, recording);
    })
    .openapi(routes.clearRecording, async (c) => {
      const auth = c.get('auth');
      const { reason } = validBody(c);
      c.set('reason', reason);
      const recording = await clearRecording(db, auth.orgId, {
        recordingId: c.req.valid('param').recordingId,
        actor: requestActor(c),
        reason,
      });
      return answerRecording(c, recording);
    })
    .openapi(routes.releaseCommentary, async (c) => {
      const auth = c.get('auth');
      const { competitionId } = c.req.valid('param');
      const { round, divisionId, release, force = false, reason } = validBody(c);
      if (force && !reason) throw new RuleViolation('reason', 'a release with force says why');
      if (reason) c.set('reason', reason);
      if (!(await findCompetition(db, auth.orgId, { id: competitionId })))
        throw notFound(`Competition ${competitionId}`);
      const { sections, missing } = await setCommentaryRelease(db, auth.orgId, {
        competitionId,
        roundNumber: round,
        divisionId,
        release,
        force,
        actor: requestActor(c),
      });
      const listing = await competitionCommentary(db, auth.orgId, competitionId, { roundNumber: round, divisionId });
      const states = await commentaryReleaseStates(db, auth.orgId, sections);
      return c.json(
        {
          sections: sections.map((section) => {
            const performance = listing.performances.find((p) => p.division.id === section.divisionId)!;
            return {
              round: performance.round,
              division: performance.division,
              ...releaseOf(states.get(sectionKey(section.roundId, section.divisionId))),
            };
          }),
          missing,
        },
        200,
      );
    });

  /** The recording in its context, if the caller may hear it (404 when the organization has none, else 403). */
  async function heardRecording(c: Context<AppEnv>, recordingId: number) {
    const auth = c.get('auth');
    const found = await recordingInContext(db, auth.orgId, recordingId);
    if (!found) throw new NotFoundError('recording', recordingId);
    requireHearing(auth, {
      createdByUserId: found.recording.createdByUserId,
      released: found.released,
      groupId: found.group.id,
      current: found.recording.isCurrent && found.recording.clearedAt === null,
    });
    return found;
  }

  /** A caption's name and lines on its performance's sheet; undefined when it is not there any more. */
  async function captionOf(orgId: number, performanceId: number, captionKey: string) {
    try {
      return (await commentarySlot(db, orgId, performanceId, captionKey)).caption;
    } catch (error) {
      if (error instanceof NotFoundError || error instanceof RuleViolation) return undefined;
      throw error;
    }
  }
}

function releaseOf(
  state: { release: 'with-scores' | 'now' | 'withheld'; released: boolean; scoresReleased: boolean } | undefined,
) {
  return state ?? { release: 'with-scores' as const, released: false, scoresReleased: false };
}
