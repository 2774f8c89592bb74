#!/usr/bin/env node
/**
 * `watchdog.mjs <ownerPid> <pgid> [dir]`: kills process group <pgid> (a product, a browser, a test database) when <ownerPid>
 * (the test runner or benchmark that started it) is gone, then removes [dir]. Exits on its own once
 * the group is gone. Runs detached, so a Ctrl-C or a SIGKILL of the owner does not take it along.
 */
import fs from 'node:fs';

const [ownerPid, pgid] = process.argv.slice(2, 4).map(Number);
const dir = process.argv[4];
const owner = process.ppid;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

function cleanUpAndExit() {
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    // gone already
  }
  setTimeout(() => {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // stopped
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }, 5_000);
}

const timer = setInterval(() => {
  if (!alive(-pgid)) process.exit(0);
  // Re-parented (the owner died) or the owner's pid is gone.
  if (process.ppid !== owner || !alive(ownerPid)) {
    clearInterval(timer);
    cleanUpAndExit();
  }
}, 500);
