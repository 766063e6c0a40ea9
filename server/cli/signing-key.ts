import { parseArgs } from 'node:util';
import { print } from './io.js';
import { rotateSigningKey } from '../api/db/repositories/signing-keys.js';
import { newSigningKey } from '../api/auth/key-ring.js';
import { withDatabase } from './database.js';
import { UsageError } from './errors.js';

export const usage = 'Usage: cli signing-key rotate [--invalidate-tokens]';

/**
 * `signing-key rotate`: a new Ed25519 key signs every token from now on (each running instance picks it up within
 * seconds); the older keys' private parts are discarded, and their public parts verify the tokens they signed
 * until those expire. With --invalidate-tokens the older keys are deleted outright, so every token issued so far
 * stops working at once (after a suspected key leak). Prints {"kid","retired":[...],"deleted":[...]}.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'rotate')
    throw new UsageError(action ? `Unknown signing-key command: ${action}` : 'Missing signing-key command', usage);
  let invalidateTokens: boolean;
  try {
    const { values } = parseArgs({
      args: rest,
      options: { 'invalidate-tokens': { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    });
    invalidateTokens = values['invalidate-tokens'] === true;
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0], usage);
  }
  const result = await withDatabase(({ db }) => rotateSigningKey(db, newSigningKey(), { invalidateTokens }));
  print(JSON.stringify(result));
}
