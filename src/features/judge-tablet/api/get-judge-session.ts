import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/core';
import { getAsUser } from '../../../lib/api/signed-in';
import type { Me, MySeat } from '../../../lib/api-models';
import { sendPendingSignOut } from '../../../lib/signed-in/pending-sign-out';
import type { JudgeStore } from '../queue/judge-store';
import { judgeTabletKeys } from './keys';

/** The device holds another judge's data: nothing of it is shown or sent under this session. */
export const ANOTHER_JUDGE = 'another_judge';

const OFFLINE_RETRY_MS = 15_000;

const signInRequired = () =>
  new ApiError(401, 'sign_in_required', {
    type: 'about:blank',
    status: 401,
    title: 'Sign in',
    code: 'sign_in_required',
    detail: 'Sign in as a judge to see your seats.',
  });

/**
 * Who is signed in (GET /me) and their seats (GET /me/seats, `no-store`), read together and saved on the device
 * before they are shown: a reload without a network opens the same seats, and each entry becomes its sheet's server
 * copy (judge-store.ts saveSeats). Without a session the BFF answers /me with its own read-only key (`user: null`)
 * and the seats empty: that is "sign in", never a judge with no seats, and the saved seats stay. A different user than
 * the one whose data the device holds is refused too (ANOTHER_JUDGE): their entries are not this user's to send.
 */
export const judgeSessionQueryOptions = (store: JudgeStore) =>
  queryOptions({
    queryKey: judgeTabletKeys.session(),
    queryFn: async ({ signal }): Promise<{ me: Me; seats: MySeat[] }> => {
      // A sign-out made offline goes first: until it is sent, nobody is signed in here to read seats for.
      if (!(await sendPendingSignOut())) throw signInRequired();
      const { body: me } = await getAsUser('/me', { signal });
      if (me.user === null) throw signInRequired();
      const saved = store.snapshot().me?.user;
      if (saved && saved.id !== me.user.id) {
        throw new ApiError(409, ANOTHER_JUDGE, {
          type: 'about:blank',
          status: 409,
          title: 'Another judge',
          code: ANOTHER_JUDGE,
          detail: `This device holds ${saved.firstName} ${saved.lastName}'s judging data.`,
        });
      }
      const { body } = await getAsUser('/me/seats', { signal });
      await store.saveMe(me);
      await store.saveSeats(body.data, Date.now());
      return { me, seats: body.data };
    },
    // A judge's reads are tried even when the browser says it is offline (the saved copy is the device store's, never
    // the service worker's), fail at once rather than retry into a paused query, and are read again on reconnect.
    networkMode: 'always',
    retry: false,
    // A network that comes back without the browser noticing (a gym's Wi-Fi with no way out): asked again meanwhile.
    refetchInterval: (query) =>
      query.state.status === 'error' && (query.state.error as { status?: number } | null)?.status === 0
        ? OFFLINE_RETRY_MS
        : false,
    staleTime: 30_000,
    refetchOnReconnect: 'always',
  });
