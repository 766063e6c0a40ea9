import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { openDatabase, type Database } from '../../server/api/db/database.js';
import { readApiConfig } from '../../server/api/config.js';
import { createTokenService } from '../../server/api/auth/tokens.js';
import { signingKeys } from '../../server/api/db/schema.js';
import { createOrganization } from '../../server/api/db/repositories/organizations.js';
import { createUser } from '../../server/api/auth/users.js';

let database: Database;
const config = readApiConfig({});
const subject = { applicationId: 7, orgId: 3, orgGuid: '6f1c1b7e-4f6a-4b8e-9a53-0d2f3c1e9b11', clientId: 'client-7' };

beforeAll(async () => {
  database = await openDatabase({ memory: true });
});
afterAll(() => database?.close());

describe('TokenService', () => {
  it('creates one signing key even when several instances start at once', async () => {
    const services = await Promise.all([1, 2, 3].map(() => createTokenService(database, config)));
    expect(await database.db.select().from(signingKeys)).toHaveLength(1);
    const issued = await services[0].issue(subject);
    for (const service of services)
      expect(await service.verify(issued.access_token)).toEqual({ ok: true, auth: subject });
  });

  it('issues the token object with the configured lifetime and carries the user of a code-flow token', async () => {
    const service = await createTokenService(database, config);
    const org = await createOrganization(database.db, { name: 'Token Circuit' });
    const user = await createUser(database.db, { orgId: org.id, email: 'tab@example.com', role: 'tabulator' });
    const own = { ...subject, orgId: org.id, orgGuid: org.guid };
    const issued = await service.issue({ ...own, userId: user.id });
    expect(issued).toEqual({ token_type: 'bearer', access_token: expect.any(String), expires_in: 7200 });
    // the role is the user's as stored now, not a claim of the token
    expect(await service.verify(issued.access_token)).toEqual({
      ok: true,
      auth: { ...own, userId: user.id, role: 'tabulator' },
    });
    // a token naming a user that does not exist (or of another organization) is not valid
    const stranger = await service.issue({ ...subject, userId: user.id });
    expect(await service.verify(stranger.access_token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses tokens signed with another key, tampered tokens and garbage', async () => {
    const service = await createTokenService(database, config);
    const foreign = await new SignJWT({ org: 3, org_guid: subject.orgGuid, app: 7, client_id: 'client-7' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: 'hs256-1' })
      .setIssuer('competition-api')
      .setAudience('competition-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new Uint8Array(32));
    const genuine = (await service.issue(subject)).access_token;
    const tampered = genuine.slice(0, -2) + (genuine.endsWith('AA') ? 'BB' : 'AA');
    for (const token of [foreign, tampered, 'garbage', '', 'a.b.c']) {
      expect(await service.verify(token)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('says "expired" for an expired token', async () => {
    let nowMs = Date.now();
    const shortLived = await createTokenService(database, { ...config, tokenTtlSeconds: 1 }, () => nowMs);
    const token = (await shortLived.issue(subject)).access_token;
    nowMs += 2100;
    expect(await shortLived.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });
});
