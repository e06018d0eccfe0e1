// `npm test`: install if needed (Debian's Chromium and CJK fonts too, when root), then lint,
// Prettier and typecheck side by side, then unit, server and browser tests. Stops at the first
// failing step.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDependencies, ensurePinnedNode, root, run } from './bootstrap.mjs';
import { runWatched } from './watched-run.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function hasPackage(name) {
  return spawnSync('dpkg', ['-s', name], { stdio: 'ignore' }).status === 0;
}

function ensureChromium() {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  // Without Noto CJK, Chinese text renders as boxes in the browser tests.
  if (existsSync('/usr/bin/dpkg') && !hasPackage('fonts-noto-cjk')) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return;
  if (!canInstall) {
    if (missing.includes('chromium')) {
      console.error(
        `Chromium was not found at ${CHROMIUM}. Install Debian's chromium (apt-get install chromium fonts-noto-cjk) ` +
          'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
      );
      process.exit(1);
    }
    console.warn('fonts-noto-cjk is missing: Chinese text may render as boxes in screenshots.');
    return;
  }
  console.log(`Installing ${missing.join(' and ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env }) !== 0
  ) {
    console.error(
      `apt-get could not install ${missing.join(', ')}. Install it, or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
}

ensureDependencies();
ensureChromium();
ensurePinnedNode();

/**
 * Runs npm scripts side by side (each is single-threaded: ESLint, Prettier, tsc), printing each
 * one's output in one piece when it ends. Resolves to the names of those that failed.
 */
function runTogether(steps) {
  return Promise.all(
    steps.map(
      ([name, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(0);
            console.log(`\n▶ ${name} (${seconds} s)\n${output.trimEnd()}`);
            resolve(status === 0 ? undefined : name);
          });
        }),
    ),
  ).then((names) => names.filter((name) => name !== undefined));
}

// The static checks side by side: on two cores they take about half the time one after another.
const failedChecks = await runTogether([
  ['lint', ['run', 'lint']],
  ['format', ['run', 'format:check']],
  ['typecheck', ['run', 'typecheck']],
]);
if (failedChecks.length > 0) {
  console.error(`\n✖ ${failedChecks.join(', ')} failed`);
  process.exit(1);
}

// The test suites are watched (scripts/watched-run.mjs): one that prints nothing for 15 minutes
// is shown (each busy process's stack) and stopped, a failure. (The server suite once went
// silent for an hour: a failed toBe of two 1 MiB buffers being diffed, byte-slab.test.ts.)
const SILENT_MS = 15 * 60_000;
const steps = [
  ['unit tests', ['run', 'test:unit'], { watched: true }],
  ['server tests', ['run', 'test:server'], { watched: true }],
  ['build', ['run', 'build'], {}],
  ['browser tests', ['run', 'test:browser'], { watched: true }],
];
for (const [name, args, { watched }] of steps) {
  console.log(`\n▶ ${name}`);
  const status = watched
    ? (await runWatched('npm', args, { silentMs: SILENT_MS })).status
    : run('npm', args);
  if (status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(status);
  }
}
console.log('\n✔ all checks passed');
