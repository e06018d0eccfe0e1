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
  console.log('Installing dependencies from the lock file (npm ci)…');
  // npm ci installs exactly what package-lock.json says and never rewrites it, so a fresh
  // clone's tree stays clean. The lock holds every platform's optional bindings (npm 11 adds
  // them only on `npm install`): after changing dependencies, commit the lock `npm install` wrote.
  const status = run('npm', ['ci', '--no-audit', '--no-fund']);
  if (status !== 0) {
    console.error('npm ci failed; see the messages above.');
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

/**
 * The PDFs embed a CJK font (decision 197): `PDF_CJK_FONT`, by default Debian's fonts-noto-cjk,
 * which the server checks at start-up. `npm start` installs the package when it can (root with
 * apt-get), as `npm test` does; otherwise it says what to do before the server refuses.
 */
export function ensureDocumentFont() {
  if (process.env.PDF_CJK_FONT) return;
  const defaultFont = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
  if (existsSync(defaultFont)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing fonts-noto-cjk with apt-get (the PDFs embed its Chinese font)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const installed =
      run('apt-get', ['update', '-qq'], { env }) === 0 &&
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'fonts-noto-cjk'], {
        env,
      }) === 0;
    if (installed) return;
  }
  console.error(
    `The documents' Chinese font is missing (${defaultFont}). Install Debian's fonts-noto-cjk, ` +
      'or set PDF_CJK_FONT to an OpenType CJK font file.',
  );
}
