#!/usr/bin/env node
/**
 * `npm run dev`: `max dev` in a process group of its own, stopped as a whole. Umi forks its dev
 * server into a child process; stopping npm with a signal (an editor's stop button, `kill`) ended
 * `max` and left that child holding port 8000. Here every SIGINT / SIGTERM / SIGHUP goes to the
 * whole group, the group is killed when this process exits, however it exits, and it is stopped
 * when npm goes away without a word (npm does not pass a SIGTERM on to the script's shell).
 *
 *   node scripts/dev.mjs            (what `npm run dev` runs)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How long the group has to stop after a signal before it is killed. */
export const STOP_GRACE_MS = 5_000;
const WATCH_INTERVAL_MS = 1_000;

/** The parent of process `pid` (Linux /proc), or undefined where it can not be read. */
function parentOf(pid) {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: read after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const signalGroup = (pid, signal) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
};

/** Runs `command` in a process group of its own that ends with this process; exits with its code. */
export function runAsGroup(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options, detached: true });
  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    signalGroup(child.pid, signal);
    setTimeout(() => signalGroup(child.pid, 'SIGKILL'), STOP_GRACE_MS).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
  // The processes that started this one (npm, and the shell it runs scripts in): when one of them
  // is gone, nobody is left to stop the group.
  const starters = [process.ppid, parentOf(process.ppid)].filter((pid) => pid && pid > 1);
  setInterval(() => {
    if (starters.some((pid) => !alive(pid)) || process.ppid === 1) stop('SIGTERM');
  }, WATCH_INTERVAL_MS).unref();
  // Whatever ends this process, nothing of the group outlives it.
  process.on('exit', () => signalGroup(child.pid, 'SIGKILL'));
  child.on('exit', (code, signal) => {
    // max itself ended: its forked server goes with it.
    signalGroup(child.pid, 'SIGTERM');
    process.exit(code ?? (signal ? 1 : 0));
  });
  return child;
}

// Run as a script (not when a test imports it).
const self = import.meta.url ? fileURLToPath(import.meta.url) : undefined;
if (self && process.argv[1] && path.resolve(process.argv[1]) === self) {
  const root = path.resolve(path.dirname(self), '..');
  runAsGroup(process.execPath, [path.join(root, 'node_modules', '@umijs', 'max', 'bin', 'max.js'), 'dev', ...process.argv.slice(2)], {
    cwd: root,
  });
}
