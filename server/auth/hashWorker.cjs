/**
 * A child process of server/auth/hashPool.ts: computes scrypt for the parent, one at a time, at a
 * lower CPU priority than the parent (the parent sets it), so that a flood of logins can not take
 * the cores from the money calls. Plain JavaScript: it starts under any runner (tsx, jest, node).
 */
'use strict';
const { scrypt } = require('node:crypto');

process.on('message', ({ id, password, salt, keyLength, options }) => {
  scrypt(password, Buffer.from(salt, 'base64'), keyLength, options, (error, key) => {
    if (!process.connected) return;
    process.send(error ? { id, error: error.message } : { id, key: key.toString('base64') });
  });
});
// The parent went away: nothing is left to do.
process.on('disconnect', () => process.exit(0));
