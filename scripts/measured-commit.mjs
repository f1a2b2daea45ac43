// Which commit a benchmark's figures were measured at, written in its report and read back: `npm test` checks the public
// pages' Lighthouse budget again whenever their front changed since the commit bench/lighthouse.md was measured at.
import { spawnSync } from 'node:child_process';

const git = (root, ...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });

/** The report's line naming the commit measured, and whether uncommitted changes were measured with it. */
export function measuredAtLine(root) {
  const commit = git(root, 'rev-parse', 'HEAD').stdout.trim();
  const dirty = git(root, 'status', '--porcelain').stdout.trim() !== '';
  return `Measured at commit \`${commit}\`${dirty ? ', with uncommitted changes' : ''}.`;
}

/** The commit a report says it was measured at; null when it names none. */
export function measuredCommit(report) {
  return /Measured at commit `([0-9a-f]{40})`/.exec(report)?.[1] ?? null;
}

/**
 * Whether files under `folders` differ from the commit a report was measured at (committed since, not committed yet,
 * or new); yes when the report names no commit or it cannot be found (a shallow clone).
 */
export function changedSince(root, report, folders) {
  const commit = measuredCommit(report);
  if (!commit) return true;
  const changed = git(root, 'diff', '--name-only', commit, '--', ...folders);
  const added = git(root, 'ls-files', '--others', '--exclude-standard', '--', ...folders);
  if (changed.status !== 0 || added.status !== 0) return true;
  return `${changed.stdout}${added.stdout}`.trim() !== '';
}
