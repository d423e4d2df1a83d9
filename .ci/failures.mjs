// Prints what failed in one half of the CI run, so the end of the CI's output (the part a reader
// sees first) names it: failed files and tests from vitest's JSON report, and the unhandled errors
// (which fail a run without failing a test) from its console output.
// Usage: node .ci/failures.mjs <label> <report.json> <output.log>
import fs from 'node:fs';

const [label, reportPath, logPath] = process.argv.slice(2);
const lines = [];
const clip = (text, n) =>
  String(text ?? '')
    .split('\n')
    .slice(0, n)
    .join('\n');
if (!fs.existsSync(reportPath))
  lines.push(`no JSON report (${reportPath}): the run did not finish`);
else {
  const report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (file.status !== 'failed' && failed.length === 0) continue;
    lines.push(`FILE ${file.name}${file.message ? `\n${clip(file.message, 12)}` : ''}`);
    for (const t of failed)
      lines.push(`  TEST ${t.fullName}\n${clip((t.failureMessages ?? []).join('\n'), 12)}`);
  }
  if (!report.success && report.numFailedTests === 0 && lines.length === 0)
    lines.push('the report says the run failed with no failed test or file (an unhandled error?)');
}
if (fs.existsSync(logPath)) {
  const log = fs
    .readFileSync(logPath, 'utf8')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n');
  const at = log.findIndex((l) => /Unhandled (Error|Rejection)s?/.test(l));
  if (at >= 0) lines.push(log.slice(at, at + 40).join('\n'));
  for (const l of log) if (/close still running after/.test(l)) lines.push(l);
}
if (lines.length) console.log(`--- ${label}: what failed ---\n${lines.join('\n')}`);
