/** The schedule page's writes (decision 138): the draft saved whole, and publishing it as the next version. */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type ScheduleDraftRequest = components['schemas']['ScheduleDraftRequest'];
export type SchedulePublishRequest = components['schemas']['SchedulePublishRequest'];

export const saveScheduleDraft = (competitionId: number, body: ScheduleDraftRequest) =>
  postAsUser('/competitions/{competitionId}/schedule/draft', { path: { competitionId }, body });

export const publishSchedule = (competitionId: number, body: SchedulePublishRequest) =>
  postAsUser('/competitions/{competitionId}/schedule/versions', { path: { competitionId }, body });
