#!/usr/bin/env node
// Runs every check and test of the project and ends with one line: "N passed, M failed".
// Typecheck, lint and the format check count as one test each; every vitest test (unit, component, conformance,
// browser) counts as one. On a fresh machine it first installs what the browser tests need.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';

let passed = 0;
let failed = 0;

function check(name, command, args) {
  process.stdout.write(`\n== ${name}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status === 0) passed++;
  else {
    failed++;
    process.stdout.write(`${name} FAILED\n`);
  }
}

// Without a browser the browser tests cannot run: everything else still does, and the missing
// browser counts as one failure (its one-line message says what to run).
const browser = ensureChromium();
if (!browser.ok) failed++;
const projects = browser.ok ? [] : ['--project', 'core', '--project', 'app'];

check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
check('typecheck (pure core, no DOM or Node)', 'npx', ['tsc', '-p', 'tsconfig.core.json', '--noEmit']);
check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
check('format (prettier --check; `npm run format` writes it)', 'npx', [
  'prettier',
  '--check',
  '--log-level',
  'warn',
  '.',
]);

process.stdout.write('\n== tests\n');
// Every scratch folder the tests make (theirs, the CLI's, Chromium's) goes under one, removed at the end:
// a run used to leave about 35 MB behind (1.8 GB after 53 runs here).
const scratch = mkdtempSync(join(tmpdir(), 'condenser-inspector-tests-'));
const report = join(scratch, 'report.json');
const run = spawnSync(
  'npx',
  ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { stdio: 'inherit', env: { ...process.env, TMPDIR: scratch } },
);
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests + results.numPendingTests + results.numTodoTests;
  // A file that failed to load has no tests to count: count it as a failure.
  failed += results.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
} catch {
  failed++;
  process.stdout.write('the test run produced no report\n');
}
if (run.status !== 0 && failed === 0) failed++;
rmSync(scratch, { recursive: true, force: true });

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
