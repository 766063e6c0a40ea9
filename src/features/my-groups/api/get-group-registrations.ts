/** What a group may register for (registration open now) and its registrations: GET /groups/{id}/registrations. */
import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { myGroupsKeys } from './keys';

export type GroupRegistrations = components['schemas']['GroupRegistrations'];
// the document marks the named window schema nullable (a competition's registration may be absent)
export type OpenRegistration = NonNullable<GroupRegistrations['open'][number]>;
export type GroupRegistration = GroupRegistrations['data'][number];

export const groupRegistrationsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: myGroupsKeys.registrations(groupId),
    queryFn: ({ signal }) => getAsUser('/groups/{groupId}/registrations', { path: { groupId }, signal }),
  });
