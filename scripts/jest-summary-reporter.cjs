// Jest reporter: writes this package's pass/fail counts to <package>/.test-results/summary.json,
// so `npm test` can print one closing line for the whole monorepo (scripts/test-summary.mjs).
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const directory = path.join(this.rootDir, '.test-results');
    fs.mkdirSync(directory, { recursive: true });
    const summary = {
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests + results.numTodoTests,
      suites: results.numTotalTestSuites,
    };
    fs.writeFileSync(path.join(directory, 'summary.json'), `${JSON.stringify(summary)}\n`);
  }
}

module.exports = SummaryReporter;
