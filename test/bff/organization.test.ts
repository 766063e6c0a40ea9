import { describe, expect, it } from 'vitest';
import { organizationInToken, withOrganization } from '../../server/bff/upstream/organization.js';
import { harnessPerTest, TEST_ORGANIZATION } from './harness.js';

const OTHER = '0b6e1f3c-4d2a-4e8b-a7c9-1f2e3d4c5b6a';

describe("v2's organization (o)", () => {
  const harnesses = harnessPerTest();

  it('is always sent to the listings, replacing any o the browser sends', async () => {
    const { upstream, get } = await harnesses.start();
    expect((await get('/api/2018-03/competitions?year=2026')).status).toBe(200);
    expect((await get(`/api/2018-03/competitions?year=2025&o=${OTHER}`)).status).toBe(200);
    expect(upstream.readsOf(`/2018-03/competitions?year=2026&o=${TEST_ORGANIZATION}`)).toBe(1);
    expect(upstream.readsOf(`/2018-03/competitions?year=2025&o=${TEST_ORGANIZATION}`)).toBe(1);
    expect(upstream.readLog.some((read) => read.path.includes(OTHER))).toBe(false);
    // Operations without o are forwarded as they are.
    await get('/api/events/');
    expect(upstream.readsOf('/events/')).toBe(1);
  });

  it("is read from the upstream's token when it is a JWT naming it, and not configured", async () => {
    const { upstream, get, bff } = await harnesses.start({ organization: undefined });
    upstream.jwtOrganization = OTHER;
    expect(await bff.organization()).toBe(OTHER);
    expect((await get('/api/2018-03/competitions?year=2026')).status).toBe(200);
    expect(upstream.readsOf(`/2018-03/competitions?year=2026&o=${OTHER}`)).toBe(1);
  });

  it('is a clear configuration error when the tokens are opaque and none is configured', async () => {
    const { upstream, get, bff } = await harnesses.start({ organization: undefined });
    expect(await bff.organization()).toBeUndefined();
    const answer = await get('/api/2018-03/competitions?year=2026');
    expect(answer.status).toBe(502);
    expect(answer.json()).toMatchObject({
      code: 'bff_organization_unknown',
      detail: expect.stringContaining('API_ORGANIZATION'),
    });
    expect(upstream.readLog.filter((read) => read.path.startsWith('/2018-03/'))).toEqual([]);
  });

  it('reads a guid claim only from a well-formed JWT', () => {
    const jwt = (claims: object) =>
      ['{"alg":"ES256"}', JSON.stringify(claims)].map((part) => Buffer.from(part).toString('base64url')).join('.') +
      '.c2ln';
    expect(organizationInToken(jwt({ org_guid: OTHER }))).toBe(OTHER);
    expect(organizationInToken(jwt({ org_guid: 'not a guid' }))).toBeUndefined();
    expect(organizationInToken(jwt({ org: 7 }))).toBeUndefined();
    expect(organizationInToken('tok_3f2a')).toBeUndefined();
    expect(organizationInToken('a.%%%.c')).toBeUndefined();
    expect(withOrganization('?year=2026&o=x', OTHER)).toBe(`?year=2026&o=${OTHER}`);
    expect(withOrganization('', OTHER)).toBe(`?o=${OTHER}`);
  });
});
