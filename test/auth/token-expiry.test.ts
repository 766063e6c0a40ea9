import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../server/api/auth/tokens.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';

let api: TestApi;
/** how far the API's clock is ahead of the real one */
let aheadMs = 0;

beforeAll(async () => {
  api = await startTestApi({ env: { TOKEN_TTL_SECONDS: '1' }, now: () => Date.now() + aheadMs });
});
afterAll(() => api?.stop());

describe('access token lifetime (TOKEN_TTL_SECONDS=1)', () => {
  it('accepts a fresh token and answers 401 invalid_token once it has expired', async () => {
    const org = await api.createOrg('Expiry Circuit');
    const key = await api.createKey(org.guid);
    const response = await api.fetch('/v3/oauth2/token', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: key.clientId,
        client_secret: key.clientSecret,
      }),
    });
    const issued: any = await response.json();
    expect(issued.expires_in).toBe(1);
    const authorization = `Bearer ${issued.access_token}`;
    expect((await api.fetch('/seasons/', { headers: { authorization } })).status).toBe(200);

    aheadMs += 2100;
    const expired = await api.fetch('/seasons/', { headers: { authorization } });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe(
      'Bearer realm="competition-api", error="invalid_token", error_description="The access token has expired; request a new one"',
    );
    expect(await expired.json()).toMatchObject({ status: 401, code: 'token_expired' });

    // The spec's rule: after a 401, a new token works again.
    const fresh = await api.token(key.clientId, key.clientSecret);
    expect((await api.fetch('/seasons/', { headers: { authorization: `Bearer ${fresh}` } })).status).toBe(200);
  });

  it('accepts tokens issued by another instance on the same database, and that instance accepts ours', async () => {
    const org = await api.createOrg('Two Instances Circuit');
    const key = await api.createKey(org.guid);
    const otherInstance = await createTokenService(api.services.database, {
      ...api.services.config,
      tokenTtlSeconds: 60,
    });
    const theirs = await otherInstance.issue({
      applicationId: 1,
      orgId: org.id,
      orgGuid: org.guid,
      clientId: key.clientId,
    });
    expect((await api.fetch('/seasons/', { headers: { authorization: `Bearer ${theirs.access_token}` } })).status).toBe(
      200,
    );

    const ours = await api.token(key.clientId, key.clientSecret);
    expect(await otherInstance.verify(ours)).toMatchObject({
      ok: true,
      auth: { orgId: org.id, orgGuid: org.guid, clientId: key.clientId },
    });
  });
});
