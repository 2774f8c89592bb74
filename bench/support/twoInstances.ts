/**
 * What the benchmarks that run the product as deployed share: two server instances on one
 * PostgreSQL 15 (started here, on 127.0.0.1, stopped at the end), and the API calls they make.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../../scripts/lib/freePort';
import { startPostgres, stopPostgres, type RunningPostgres } from '../../tests/server/support/postgres';
import { startServer, stop, waitFor, type Running } from '../../tests/server/support/processes';

export interface Answer<T = unknown> {
  isSuccess: boolean;
  code: string;
  msg: string;
  content: T;
}

/** One call; `headers` beside the bearer (`if-none-match`). Answers the body (null for a 304) and the HTTP status. */
export async function callRaw<T = unknown>(
  base: string,
  apiPath: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; etag: string | null; answer: Answer<T> | null }> {
  const response = await fetch(`${base}/api/admin/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const answer = response.status === 304 ? null : ((await response.json()) as Answer<T>);
  return { status: response.status, etag: response.headers.get('etag'), answer };
}

export async function call<T = unknown>(base: string, apiPath: string, body: unknown, token?: string): Promise<Answer<T>> {
  return (await callRaw<T>(base, apiPath, body, token)).answer!;
}

export async function must<T>(base: string, apiPath: string, body: unknown, token?: string): Promise<T> {
  const answer = await call<T>(base, apiPath, body, token);
  if (!answer.isSuccess) throw new Error(`${apiPath}: ${answer.code} ${answer.msg}`);
  return answer.content;
}

/** The value below which `p` % of `sorted` (ascending) lie. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export interface TwoInstances {
  bases: string[];
  databaseUrl: string;
  stopAll(): Promise<void>;
}

/** PostgreSQL with database `name`, and two demo instances on it (rate limits lifted): ready to call. */
export async function startTwoInstances(name: string): Promise<TwoInstances> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const servers: Running[] = [];
  let pg: RunningPostgres | undefined;
  const stopAll = async () => {
    for (const server of servers) await stop(server, 'SIGTERM');
    if (pg) await stopPostgres(pg);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    pg = await startPostgres();
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const databaseUrl = pg.url.replace(/\/postgres$/, `/${name}`);
    const env = {
      DATABASE_URL: databaseUrl,
      CONSOLE_DEMO: '1',
      CARD_FINGERPRINT_KEY: `${name}-card-fingerprint-key`,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
    };
    const ports = [await freePort(), await freePort()];
    for (const [index, port] of ports.entries()) {
      servers.push(startServer(`instance-${index + 1}`, port, env));
      await waitFor(`http://127.0.0.1:${port}/api/ready`, servers[index]);
    }
    return { bases: ports.map((port) => `http://127.0.0.1:${port}`), databaseUrl, stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
