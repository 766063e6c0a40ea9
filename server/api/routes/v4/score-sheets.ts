/** The score sheet catalogue (domain/score-sheets/catalogue.ts): the same for every organization. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { groupTypeName } from '../../../../domain/group-types.js';
import { SHEET_CATALOGUE } from '../../../../domain/score-sheets/catalogue.js';
import { sheetItem } from '../present/sheets.js';
import * as routes from './score-sheets.routes.js';

export function resource(services: Services) {
  return newRouter().openapi(routes.listScoreSheets, (c) =>
    cachedJson(c, services, () =>
      Promise.resolve({
        body: {
          data: SHEET_CATALOGUE.map((entry) => ({
            key: entry.key,
            groupType: { id: entry.groupTypeId, name: groupTypeName(entry.groupTypeId) ?? '' },
            sheet: sheetItem(entry.sheet),
          })),
        },
      }),
    ),
  );
}
