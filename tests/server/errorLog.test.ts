/** The log line of an unexpected failure: no statement, no parameters, identical ones rate-limited. */
import { errorSignature, ErrorLogLimiter, MESSAGE_MAX, summariseError } from '../../server/http/errorLog';

/** Shaped like postgres.js's PostgresError (PGlite's DatabaseError carries `query` and `params` the same way). */
class PostgresError extends Error {
  name = 'PostgresError';
  code = '22003';
  detail = 'Key (username)=(secret-user) already exists.';
  query = 'insert into accounts (username) values ($1)';
  parameters = ['secret-user', '1e+21'];
  constraint_name = 'accounts_username_unique';
}

/** Shaped like drizzle's DrizzleQueryError: the statement and its parameters in the message. */
class DrizzleQueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params}`);
    this.cause = cause;
  }
}

describe('summariseError', () => {
  it('keeps the innermost cause, its SQLSTATE and constraint, and the frames; never the statement, parameters or detail', () => {
    const inner = new PostgresError('value "1e+21" is out of range for type integer');
    const wrapped = new DrizzleQueryError('insert into accounts (username) values ($1)\n    at time zone', ['secret-user', '1e+21'], inner);
    const summary = summariseError(wrapped);
    expect(summary).toEqual({
      type: 'PostgresError',
      code: '22003',
      constraint: 'accounts_username_unique',
      message: 'value "1e+21" is out of range for type integer',
      stack: expect.stringMatching(/^at .*errorLog\.test\.ts/),
    });
    const line = JSON.stringify(summary);
    expect(line).not.toMatch(/secret-user|insert into|params|Key \(|time zone/);
    expect(line).not.toContain('\\n');
  });

  it('summarises a drizzle wrapper without a cause, an error without a stack, and a thrown string', () => {
    expect(summariseError(new DrizzleQueryError('select $1', ['secret'], undefined))).toMatchObject({ message: 'Failed query' });
    expect(JSON.stringify(summariseError(new DrizzleQueryError('select $1', ['secret'], undefined)))).not.toContain('secret');
    expect(summariseError(new TypeError('x is not a function'))).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(summariseError('plain')).toMatchObject({ type: 'string', message: 'plain', stack: '' });
    expect(summariseError(new Error('a\nb')).message).toBe('a b');
    expect(summariseError(new Error('x'.repeat(5000))).message).toHaveLength(MESSAGE_MAX + 1);
  });
});

describe('ErrorLogLimiter', () => {
  it('logs a signature once per window and reports how many it held back', () => {
    let now = 1_000_000;
    const limiter = new ErrorLogLimiter({ windowMs: 60_000, now: () => now });
    const signature = errorSignature('/api/admin/news/list', summariseError(new PostgresError('boom')));
    expect(limiter.admit(signature)).toEqual({ log: true, suppressed: 0 });
    for (let index = 0; index < 5; index += 1) expect(limiter.admit(signature).log).toBe(false);
    expect(limiter.admit('another failure')).toEqual({ log: true, suppressed: 0 });
    now += 59_999;
    expect(limiter.admit(signature).log).toBe(false);
    now += 1;
    expect(limiter.admit(signature)).toEqual({ log: true, suppressed: 6 });
    expect(limiter.admit(signature)).toEqual({ log: false, suppressed: 0 });
    now += 60_000;
    expect(limiter.admit(signature)).toEqual({ log: true, suppressed: 1 });
  });

  it('remembers a bounded number of signatures', () => {
    const limiter = new ErrorLogLimiter({ windowMs: 60_000, maxSignatures: 3, now: () => 0 });
    for (const signature of ['a', 'b', 'c', 'd']) expect(limiter.admit(signature).log).toBe(true);
    // 'a' was forgotten: logged again; 'd' is still remembered.
    expect(limiter.admit('a').log).toBe(true);
    expect(limiter.admit('d').log).toBe(false);
  });
});
