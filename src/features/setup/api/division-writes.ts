/** The division writes: each sends a catalogue `sheetKey` or its own `sheet`. */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type CreateDivision = components['schemas']['CreateDivision'];
export type UpdateDivision = components['schemas']['UpdateDivision'];

export const createDivision = (body: CreateDivision) => postAsUser('/divisions/', { body });

export const updateDivision = (divisionId: number, body: UpdateDivision) =>
  postAsUser('/divisions/{divisionId}', { path: { divisionId }, body });
