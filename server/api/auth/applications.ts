import type { DbOrTx } from '../db/database.js';
import { insertApplication, type Application } from '../db/repositories/applications.js';
import { randomToken, sha256Hex } from './secrets.js';

/**
 * Creates an application (an OAuth2 client, "API key") and returns its plain secret: the only moment anyone sees
 * it. Only the secret's sha-256 is stored.
 */
export async function createApplication(
  db: DbOrTx,
  input: { orgId: number; name: string; redirectUris?: string[]; readOnly?: boolean },
): Promise<{ application: Application; clientSecret: string }> {
  const clientSecret = randomToken(32);
  const application = await insertApplication(db, {
    orgId: input.orgId,
    name: input.name,
    redirectUris: input.redirectUris ?? [],
    clientId: randomToken(18),
    secretHash: sha256Hex(clientSecret),
    readOnly: input.readOnly ?? false,
  });
  return { application, clientSecret };
}
