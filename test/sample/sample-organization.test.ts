/**
 * `npm start` on an empty database makes the sample organization open to anonymous v2 reads (decision 026), so
 * an existing CompetitionSuite client works on it without a token; an organization made with the CLI starts closed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServices, type Services } from '../../server/api/services.js';
import { readApiConfig } from '../../server/api/config.js';
import { ensureSampleOrganization } from '../../server/start/embedded-setup.js';
import { createOrganization, findOrganizationByGuid } from '../../server/api/db/repositories/organizations.js';

let services: Services;
beforeAll(async () => {
  services = await createServices(readApiConfig({ DATA_DIR: '/nonexistent-unused' }), { memory: true });
}, 60_000);
afterAll(() => services?.close());

it('opens the sample organization it creates; new organizations start closed', async () => {
  const sample = await ensureSampleOrganization(services);
  expect(sample.programmaticAccess).toBe(true);
  expect((await findOrganizationByGuid(services.database.db, sample.guid))?.programmaticAccess).toBe(true);
  expect((await createOrganization(services.database.db, { name: 'Another circuit' })).programmaticAccess).toBe(false);
}, 120_000);
