/**
 * Jest reporter: a folder of tests that the run must have collected from (`JEST_EXPECT_FOLDERS`,
 * comma-separated, relative to the root; set by scripts/test-all.mjs for tests/contract): when no
 * test file of one ran, the run fails, saying so, instead of passing without that suite (a project
 * whose testMatch no longer reaches it). Checked on the run's own results: no second config load.
 */
const path = require('node:path');

class ExpectedFoldersReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.folders = (process.env.JEST_EXPECT_FOLDERS ?? '').split(',').filter(Boolean);
    this.error = undefined;
  }

  onRunComplete(_contexts, results) {
    const ran = results.testResults.map((file) => path.relative(this.rootDir, file.testFilePath));
    const missing = this.folders.filter((folder) => !ran.some((file) => file.startsWith(`${folder}/`)));
    if (missing.length === 0) return;
    this.error = new Error(`no test of ${missing.join(', ')} ran: no jest project collects them (jest.config.ts)`);
    console.error(`\n[jest] ${this.error.message}`);
  }

  getLastError() {
    return this.error;
  }
}

module.exports = ExpectedFoldersReporter;
