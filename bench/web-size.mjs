// What each route of the web app costs on first load: the JavaScript a browser fetches for a
// route opened directly (entry + its static imports + the route's lazy chunk + its static
// imports), gzip-compressed, read from Vite's build manifest. Prints figures; asserts nothing.
//
//   npm run bench:web            (builds apps/web first when apps/web/dist is missing)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

if (!existsSync(manifestPath)) {
  console.log('apps/web/dist has no build manifest: building apps/web first…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0 || !existsSync(manifestPath)) {
    console.error('The web build failed; no figures.');
    process.exit(1);
  }
}

/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Output files a chunk loads before it runs: itself and its static imports, recursively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (chunk === undefined || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length });
  }
  return sizes.get(file);
}

function total(files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const s = size(file);
    raw += s.raw;
    gzip += s.gzip;
  }
  return { raw, gzip, count: [...files].filter((file) => file.endsWith('.js')).length };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (entryKey === undefined) {
  console.error(`No entry chunk in ${manifestPath}`);
  process.exit(1);
}
const entryFiles = staticClosure(entryKey);
const entry = total(entryFiles);

const routes = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry)
  .map(([key, chunk]) => {
    const own = staticClosure(key);
    const beyondEntry = new Set([...own].filter((file) => !entryFiles.has(file)));
    return {
      name: (chunk.src ?? key).replace(/^src\/app\/routes\//, '').replace(/\.tsx?$/, ''),
      firstLoad: total(new Set([...entryFiles, ...own])),
      beyond: total(beyondEntry),
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [
  ['route chunk', 'files', 'raw KB', 'gzip KB', 'beyond entry (gzip KB)'],
  ['(entry alone)', String(entry.count), kb(entry.raw), kb(entry.gzip), '-'],
  ...routes.map((route) => [
    route.name,
    String(route.firstLoad.count),
    kb(route.firstLoad.raw),
    kb(route.firstLoad.gzip),
    kb(route.beyond.gzip),
  ]),
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
const line = (row) =>
  row
    .map((cell, column) =>
      column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
    )
    .join('  ');

console.log('JavaScript loaded first per route (apps/web/dist, gzip via node:zlib defaults)\n');
console.log(line(rows[0]));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows.slice(1)) console.log(line(row));
