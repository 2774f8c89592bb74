/**
 * Jest transform for PGlite's CommonJS build: it loads Node built-ins with `import("fs")`, which
 * jest's CommonJS runtime refuses without --experimental-vm-modules. Turn those into requires
 * (through an alias: the build declares a local `var require` of its own).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');

const self = fs.readFileSync(__filename);

module.exports = {
  getCacheKey(source, filename) {
    return crypto.createHash('sha256').update(self).update(filename).update(source).digest('hex');
  },
  process(source) {
    const code = source.replace(/\bimport\((["'][^"']+["'])\)/g, 'Promise.resolve().then(() => __jestNodeRequire($1))');
    return { code: `const __jestNodeRequire = require;${code}` };
  },
};
