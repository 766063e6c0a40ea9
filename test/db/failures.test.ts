import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import {
  dbErrorCode,
  describeDbError,
  isDatabaseUnavailable,
  isRetryableConflict,
} from '../../server/api/db/failures.js';

/** A driver error as pg makes it: a message and a SQLSTATE. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

describe('what a database failure means', () => {
  it('logs a failed query by class and code, never its text or parameters', () => {
    const body = JSON.stringify({ secret: 'judge-notes', padding: 'x'.repeat(6000) });
    const error = new DrizzleQueryError(
      'UPDATE performances AS p SET result = v.result FROM jsonb_to_recordset($1::jsonb)',
      [body],
      pgError('deadlock detected', '40P01'),
    );
    const described = describeDbError(error);
    expect(described).toEqual({
      error: 'DrizzleQueryError: query failed',
      code: '40P01',
      cause: 'Error: deadlock detected',
    });
    expect(JSON.stringify(described)).not.toContain('judge-notes');
    expect(JSON.stringify(described).length).toBeLessThan(200);
  });

  it('drops the message of a data exception, which may quote the value', () => {
    const described = describeDbError(pgError('invalid input syntax for type integer: "judge-notes"', '22P02'));
    expect(JSON.stringify(described)).not.toContain('judge-notes');
    expect(described.code).toBe('22P02');
  });

  it('tells a conflict worth retrying from an unavailable database from a fault', () => {
    const wrapped = (inner: Error) => new DrizzleQueryError('select 1', [], inner);
    expect(isRetryableConflict(wrapped(pgError('deadlock detected', '40P01')))).toBe(true);
    expect(isRetryableConflict(wrapped(pgError('could not serialize access', '40001')))).toBe(true);
    expect(isRetryableConflict(pgError('duplicate key value violates unique constraint', '23505'))).toBe(false);

    for (const code of ['57P01', '57P03', '57014', '55P03', '25P03', '08006', 'ECONNREFUSED', 'ECONNRESET'])
      expect(isDatabaseUnavailable(wrapped(pgError('gone', code))), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(dbErrorCode(wrapped(pgError('gone', '57P01')))).toBe('57P01');
  });
});
