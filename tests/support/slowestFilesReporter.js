/**
 * Jest reporter: after the run, the slowest test files (wall time each took in its worker) and the
 * case count, so a suite that grows slow is seen the day it does (docs/testing.md).
 * Options: { count } (default 10).
 */
const path = require('node:path');

class SlowestFilesReporter {
  constructor(globalConfig, options = {}) {
    this.rootDir = globalConfig.rootDir;
    this.count = options.count ?? 10;
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((file) => ({
        file: path.relative(this.rootDir, file.testFilePath),
        ms: file.perfStats.end - file.perfStats.start,
        cases: file.numPassingTests + file.numFailingTests,
      }))
      .sort((a, b) => b.ms - a.ms);
    const total = files.reduce((sum, file) => sum + file.ms, 0);
    console.log(
      `\n[jest] the ${Math.min(this.count, files.length)} slowest of ${files.length} files (${results.numTotalTests} cases, ${(total / 1000).toFixed(1)} s of worker time):`,
    );
    for (const { file, ms, cases } of files.slice(0, this.count)) {
      console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${String(cases).padStart(4)} cases  ${file}`);
    }
  }
}

module.exports = SlowestFilesReporter;
