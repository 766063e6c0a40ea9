/** Divisions: the list (shared with v3), creating and updating a division with its score sheet, reading the sheet. */
import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { validBody } from '../../http/write-body.js';
import type { DbOrTx } from '../../db/database.js';
import { listDivisions } from '../../db/repositories/divisions.read.js';
import {
  createDivision,
  divisionSheet,
  updateDivision,
  type DivisionSheetInput,
} from '../../db/repositories/divisions.write.js';
import { RuleViolation } from '../../db/repositories/errors.js';
import { catalogueSheet } from '../../../../domain/score-sheets/catalogue.js';
import type { ScoreSheetBody } from '../schemas/sheet.js';
import { sheetFromBody, sheetItem } from '../present/sheets.js';
import * as routes from './divisions.routes.js';

/** The division listing, shared by v4 and v3. */
export function listDivisionsHandler(services: Services) {
  const db = services.database.db;
  return (c: Context<AppEnv>, filters: z.infer<typeof routes.DivisionQuery>) =>
    cachedJson(c, services, async () => ({ body: { data: await listDivisions(db, c.get('auth').orgId, filters) } }));
}

/**
 * The sheet a body names: a catalogue key or the circuit's own sheet, not both; neither is `undefined` (no change
 * on an update, refused on a create).
 */
function sheetOf(body: { sheetKey?: string; sheet?: ScoreSheetBody }): DivisionSheetInput | undefined {
  if (body.sheetKey !== undefined && body.sheet !== undefined)
    throw new RuleViolation('sheetKey', 'send either sheetKey (a catalogue sheet) or sheet (your own), not both');
  if (body.sheetKey !== undefined) {
    const entry = catalogueSheet(body.sheetKey);
    if (!entry) throw new RuleViolation('sheetKey', `no catalogue sheet "${body.sheetKey}" (GET /score-sheets/)`);
    return { definition: entry.sheet, catalogueKey: entry.key, field: 'sheetKey' };
  }
  return body.sheet && { definition: sheetFromBody(body.sheet), field: 'sheet' };
}

async function divisionAnswer(db: DbOrTx, orgId: number, divisionId: number) {
  return (await listDivisions(db, orgId)).find((division) => division.id === divisionId)!;
}

export function resource(services: Services) {
  const db = services.database.db;
  const list = listDivisionsHandler(services);
  return newRouter()
    .openapi(routes.listDivisions, (c) => list(c, c.req.valid('query')))
    .openapi(routes.createDivision, async (c) => {
      const orgId = c.get('auth').orgId;
      const { sheetKey, sheet, ...fields } = validBody(c);
      const chosen = sheetOf({ sheetKey, sheet });
      if (!chosen) throw new RuleViolation('sheet', 'a division needs a score sheet: send sheetKey or sheet');
      const row = await createDivision(db, orgId, { ...fields, sheet: chosen });
      return c.json(await divisionAnswer(db, orgId, row.id), 201);
    })
    .openapi(routes.updateDivision, async (c) => {
      const orgId = c.get('auth').orgId;
      const { divisionId } = c.req.valid('param');
      const { sheetKey, sheet, ...fields } = validBody(c);
      await updateDivision(db, orgId, { divisionId, ...fields, sheet: sheetOf({ sheetKey, sheet }) });
      return c.json(await divisionAnswer(db, orgId, divisionId), 200);
    })
    .openapi(routes.getDivisionSheet, (c) => {
      const { divisionId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const found = await divisionSheet(db, c.get('auth').orgId, divisionId);
        if (!found) throw notFound(`The sheet of division ${divisionId}`);
        return { body: { divisionId, key: found.catalogueKey, sheet: sheetItem(found.definition) } };
      });
    });
}
