/** The draw page's writes (issue 40): a preview that records nothing, and the commit that records the draw. */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type DrawRequest = components['schemas']['DrawRequest'];
export type DrawPreview = components['schemas']['DrawPreview'];

export const previewDraw = (competitionId: number, body: DrawRequest) =>
  postAsUser('/competitions/{competitionId}/draws/preview', { path: { competitionId }, body });

export const commitDraw = (competitionId: number, body: DrawRequest) =>
  postAsUser('/competitions/{competitionId}/draws', { path: { competitionId }, body });
