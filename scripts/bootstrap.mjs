// Runs on whatever Node the machine has (Node 20 here): installs the dependencies when they are
// missing, then hands over to the project's pinned Node 24 (the `node` devDependency).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const pinnedNode = path.join(root, 'node_modules', '.bin', 'node');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Installs dependencies when node_modules is missing or incomplete. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(pinnedNode) && existsSync(marker)) return;
  console.log('Installing dependencies (npm install)…');
  // npm install, not npm ci: npm 11 leaves some optional platform packages out of the lock
  // file, which npm ci then rejects as out of sync.
  const status = run('npm', ['install', '--no-audit', '--no-fund']);
  if (status !== 0) {
    console.error('npm install failed; see the messages above.');
    process.exit(status);
  }
}

/** Re-runs the current script on Node 24 unless it already runs there. */
export function ensurePinnedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return;
  const status = run(pinnedNode, process.argv.slice(1), { env: process.env });
  process.exit(status);
}
