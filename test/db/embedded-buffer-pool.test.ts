import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../../server/api/db/database.js';
import { rowsOf } from '../../server/api/db/migrate.js';

// The embedded database's buffer pool is the API's own memory (docs/decisions/022): PostgreSQL's default would be 128MB.
it('opens the embedded database with a 32 MB buffer pool', async () => {
  const database = await openDatabase({ memory: true });
  try {
    const [setting] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`SHOW shared_buffers`));
    expect(setting.shared_buffers).toBe('32MB');
  } finally {
    await database.close();
  }
});
