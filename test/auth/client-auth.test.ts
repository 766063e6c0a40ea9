import { describe, expect, it } from 'vitest';
import { authenticateClient, UNKNOWN_CLIENT_HASH } from '../../server/api/auth/client-auth.js';
import { OAuthError } from '../../server/api/auth/oauth-error.js';
import { secretMatchesHash, sha256Hex } from '../../server/api/auth/secrets.js';
import type { Application } from '../../server/api/db/repositories/applications.js';

/**
 * An unknown client id and a wrong secret must cost the same work, or the answer's timing tells which client ids
 * exist. Not a timing test: it checks that both paths run the same hash comparison, once, against a stored
 * digest of the same shape, and answer alike.
 */
const application: Application = {
  id: 7,
  orgId: 3,
  clientId: 'known-client',
  secretHash: sha256Hex('the real secret'),
  name: 'Scores',
  redirectUris: [],
  createdAt: new Date(),
  revokedAt: null,
  readOnly: false,
};

function attempt(clientId: string, secret: string, claimed: Application | undefined) {
  const calls: [string, string][] = [];
  const matches = (presented: string, stored: string) => {
    calls.push([presented, stored]);
    return secretMatchesHash(presented, stored);
  };
  let refusal: OAuthError | undefined;
  try {
    authenticateClient({ clientId, clientSecret: secret, method: 'body' }, claimed, matches);
  } catch (error) {
    refusal = error as OAuthError;
  }
  return { calls, refusal };
}

describe('client authentication does the same work for unknown clients and wrong secrets', () => {
  it('hashes and compares the presented secret once on both paths, against a digest of the same shape', () => {
    const unknown = attempt('made-up-client', 'a guess', undefined);
    const wrong = attempt('known-client', 'a guess', application);
    expect(unknown.calls).toEqual([['a guess', UNKNOWN_CLIENT_HASH]]);
    expect(wrong.calls).toEqual([['a guess', application.secretHash]]);
    expect(UNKNOWN_CLIENT_HASH).toMatch(/^[0-9a-f]{64}$/);
    expect(application.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('treats a revoked client as unknown, with the same work', () => {
    const revoked = attempt('known-client', 'the real secret', { ...application, revokedAt: new Date() });
    expect(revoked.calls).toEqual([['the real secret', UNKNOWN_CLIENT_HASH]]);
    expect(revoked.refusal).toMatchObject({ error: 'invalid_client', status: 401 });
  });

  it('answers both with the same invalid_client', () => {
    const unknown = attempt('made-up-client', 'a guess', undefined).refusal;
    const wrong = attempt('known-client', 'a guess', application).refusal;
    expect(unknown).toBeInstanceOf(OAuthError);
    expect({ ...unknown, message: unknown?.message }).toEqual({ ...wrong, message: wrong?.message });
    expect(unknown).toMatchObject({ error: 'invalid_client', status: 401 });
  });

  it('accepts the right secret with the same single comparison', () => {
    expect(attempt('known-client', 'the real secret', application)).toEqual({
      calls: [['the real secret', application.secretHash]],
      refusal: undefined,
    });
  });
});
