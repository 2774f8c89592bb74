/**
 * Real processes for the deployment tests: server instances (`node --import tsx server/main.ts`,
 * one process, so a signal reaches the server itself) and nginx with the repository's
 * deploy/nginx.conf, all on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const DEPLOY_NGINX_CONF = path.join(ROOT, 'deploy', 'nginx.conf');

export interface Running {
  name: string;
  child: ChildProcess;
  /** Everything it printed so far (the last 20,000 characters). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What `stop` sends unless told otherwise: SIGKILL, or the process's own clean stop (nginx: SIGTERM, which ends its workers too). */
  stopSignal: NodeJS.Signals;
}

function run(name: string, file: string, args: string[], env: NodeJS.ProcessEnv, stopSignal: NodeJS.Signals = 'SIGKILL'): Running {
  const child = spawn(file, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { name, child, output: () => text, exited, stopSignal };
}

export const isRunning = (running: Running) => running.child.exitCode === null && running.child.signalCode === null;

/** Stops it (with its own stop signal unless told) and waits until it is gone. */
export async function stop(running: Running | undefined, signal?: NodeJS.Signals) {
  if (!running || !isRunning(running)) return;
  running.child.kill(signal ?? running.stopSignal);
  await running.exited;
}

/** A server instance on 127.0.0.1:`port`; `env` adds to (or, with undefined, removes from) a minimal environment. */
export function startServer(name: string, port: number, env: Record<string, string | undefined>): Running {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    HOST: '127.0.0.1',
    PORT: String(port),
    STATIC_DIR: '/nonexistent-console-dist',
    LOG_LEVEL: 'warn',
  };
  const merged = { ...base, ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return run(name, process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], merged);
}

/** Waits until GET `url` answers `status` (default 200); fails early when `running` exits. */
export async function waitFor(url: string, running: Running, { status = 200, timeoutMs = 90_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (!isRunning(running)) throw new Error(`${running.name} exited before ${url} answered:\n${running.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === status) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last}):\n${running.output()}`);
}

/**
 * The site of deploy/nginx.conf with its upstream `server` lines replaced by `upstreams` (keeping
 * the first line's parameters) and `listen 80;` by `listen 127.0.0.1:<port>;`. Throws when the file
 * no longer has that shape, so the test always runs the real file.
 */
export function siteConfig(
  text: string,
  { port, upstreams, requestLog, accessLog }: { port: number; upstreams: string[]; requestLog: string; accessLog: string },
): string {
  const serverLine = /^([ \t]*)server[ \t]+[\w.:[\]-]+:\d+((?:[ \t]+[^;\n]+)?);[ \t]*$/gm;
  const lines = [...text.matchAll(serverLine)];
  if (lines.length === 0) throw new Error('deploy/nginx.conf: no upstream `server <address>:<port> …;` line');
  const [, indent, parameters] = lines[0];
  let first = true;
  let site = text.replace(serverLine, () => {
    if (!first) return '';
    first = false;
    return upstreams.map((address) => `${indent}server ${address}${parameters};`).join('\n');
  });
  const listens = site.match(/^[ \t]*listen[ \t]+80;[ \t]*$/gm) ?? [];
  if (listens.length !== 1) throw new Error('deploy/nginx.conf: expected one `listen 80;` line');
  site = site.replace(/^([ \t]*)listen[ \t]+80;[ \t]*$/m, `$1listen 127.0.0.1:${port};`);
  // The deploy's request log goes to the test's folder; a server-level access_log replaces the
  // http-level one, so the test's own format (ACCESS_LOG_FORMAT) is named again beside it.
  const logLine = /^([ \t]*)access_log[ \t]+\S+[ \t]+console_request;[ \t]*$/m;
  if (!logLine.test(site)) throw new Error('deploy/nginx.conf: expected one `access_log … console_request;` line');
  site = site.replace(logLine, `$1access_log ${requestLog} console_request;\n$1access_log ${accessLog} lb;`);
  return site;
}

/** The access log line format of the test's nginx: method, URI, status, upstream(s) tried and their statuses. */
export const ACCESS_LOG_FORMAT = '$request_method $request_uri $status [$upstream_addr] [$upstream_status]';

/** Where the test's nginx writes its own access log (ACCESS_LOG_FORMAT) and the deploy's request log (with each request's id). */
export const nginxLogs = (dir: string) => ({ accessLog: path.join(dir, 'access.log'), requestLog: path.join(dir, 'console.access.log') });

/** nginx in the foreground with the deploy site, its pid, logs and temp files in `dir`. */
export function startNginx(dir: string, site: string): { running: Running; accessLog: string } {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const { accessLog } = nginxLogs(dir);
  const conf = [
    'daemon off;',
    // As root the workers would switch to `nobody`, who can not write the temp folder.
    asRoot ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log info;`,
    'events { worker_connections 512; }',
    'http {',
    `  log_format lb '${ACCESS_LOG_FORMAT}';`,
    `  access_log ${accessLog} lb;`,
    `  client_body_temp_path ${dir}/client_body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    site,
    '}',
    '',
  ].join('\n');
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  const running = run('nginx', NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file], { PATH: process.env.PATH }, 'SIGTERM');
  return { running, accessLog };
}
