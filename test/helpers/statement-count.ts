/**
 * Counts the statements the embedded database runs (every query and exec of the PGlite instance under a Database,
 * and those of its transactions, BEGIN and COMMIT included): the work a request costs the database, counted rather
 * than timed (a count does not move with how busy the machine is). For tests and `npm run bench -- --only judges`.
 */
import type { Database } from '../../server/api/db/database.js';

type Run = (...args: unknown[]) => Promise<unknown>;
interface Runner {
  query: Run;
  exec: Run;
  transaction: (work: (tx: Runner) => Promise<unknown>) => Promise<unknown>;
}

export interface StatementCounter {
  /** statements since the last reset */
  count(): number;
  reset(): void;
  /** puts the instance's own methods back */
  stop(): void;
}

export function countStatements(database: Database): StatementCounter {
  if (database.kind !== 'pglite') throw new Error('statements are counted on the embedded database');
  const client = (database.db as unknown as { $client: Runner }).$client;
  const own = { query: client.query, exec: client.exec, transaction: client.transaction };
  let statements = 0;
  const counted =
    (run: Run, self: Runner): Run =>
    (...args) => {
      statements++;
      return run.apply(self, args);
    };
  client.query = counted(own.query, client);
  client.exec = counted(own.exec, client);
  client.transaction = (work) =>
    own.transaction.call(client, (tx: Runner) => {
      // BEGIN, and COMMIT or ROLLBACK
      statements += 2;
      // a transaction's own object, made for this one: its methods counted in place
      Object.assign(tx, { query: counted(tx.query, tx), exec: counted(tx.exec, tx) });
      return work(tx);
    });
  return {
    count: () => statements,
    reset: () => void (statements = 0),
    stop: () => void Object.assign(client, own),
  };
}
