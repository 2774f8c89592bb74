/**
 * Named prepared statements for the hot path (authentication runs on every call). postgres-js
 * prepares by itself; PGlite plans every query again, so there the statement is PREPAREd once per
 * client and run with EXECUTE — several times faster for a query with joins.
 */
import type { Db } from './client';

export interface PreparedStatement {
  name: string;
  /** SQL with `$1…$n` text parameters. */
  text: string;
}

const preparedOn = new WeakMap<object, Set<string>>();

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

export async function runPrepared<T>(db: Db, statement: PreparedStatement, params: string[]): Promise<T[]> {
  const client = (db as unknown as { $client: any }).$client;
  // PGlite (exec + query) versus postgres-js (unsafe).
  if (typeof client.unsafe !== 'function') {
    let names = preparedOn.get(client);
    if (!names) preparedOn.set(client, (names = new Set()));
    if (!names.has(statement.name)) {
      const types = params.map(() => 'text').join(', ');
      await client.exec(`prepare ${statement.name}(${types}) as ${statement.text}`);
      names.add(statement.name);
    }
    // The simple protocol (exec) costs about a third less than query() for one EXECUTE.
    const results: { rows: T[] }[] = await client.exec(`execute ${statement.name}(${params.map(literal).join(', ')})`);
    return results[0]?.rows ?? [];
  }
  // postgres-js: an unnamed-by-us statement that the driver prepares and caches per connection.
  return (await client.unsafe(statement.text, params, { prepare: true })) as T[];
}
