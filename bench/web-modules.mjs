// Which modules make up each page's first-load JavaScript (issue 16): builds the web app with one
// extra plugin recording every chunk's modules, then opens each page of the weight budgets (as
// `npm run bench:web` does) and attributes each loaded chunk's gzip bytes to its modules, in
// proportion to their rendered size. Prints the shell's and each page's largest modules or
// packages. A diagnosis aid; asserts nothing.
//
//   npx tsx bench/web-modules.mjs [--top 25] [--page "finder"] [--modules]
//   npx tsx bench/web-modules.mjs --portal [--top 40]   (the portal's own build and page, signed in)
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import {
  kib,
  OWN_PAGES,
  shellFiles,
  signInPlainCustomer,
  weighPage,
  WEIGHED_PAGES,
} from '../apps/web/e2e/support/js-weight.ts';
import { startBuiltApp } from './built-app.mjs';

const { values: options } = parseArgs({
  options: {
    top: { type: 'string', default: '25' },
    page: { type: 'string' },
    modules: { type: 'boolean', default: false },
    portal: { type: 'boolean', default: false },
  },
});
const repoRoot = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(repoRoot, 'apps/web');

/** assets/x.js → { gzip, modules: { id: renderedLength } } */
const chunks = new Map();
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
await build({
  root: webRoot,
  configFile: path.join(webRoot, options.portal ? 'vite.portal.config.ts' : 'vite.config.ts'),
  logLevel: 'warn',
  plugins: [
    {
      name: 'clinicpass:chunk-modules',
      generateBundle(_options, bundle) {
        for (const [file, chunk] of Object.entries(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const modules = {};
          for (const [id, info] of Object.entries(chunk.modules)) {
            modules[id] = info.renderedLength;
          }
          chunks.set(`/${file}`, { gzip: gzipSync(chunk.code).length, modules });
        }
      },
    },
  ],
});

/** A package name for a node_modules file, else the file relative to the repository. */
const label = (id) => {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inModules = clean.split('node_modules/').pop();
  if (inModules !== clean && !options.modules) {
    const parts = inModules.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return inModules !== clean ? inModules : path.relative(repoRoot, clean);
};

const attribute = (files) => {
  const totals = new Map();
  for (const file of files) {
    const chunk = chunks.get(file);
    if (chunk === undefined) continue;
    const rendered = Object.values(chunk.modules).reduce((sum, size) => sum + size, 0) || 1;
    for (const [id, size] of Object.entries(chunk.modules)) {
      const key = label(id);
      totals.set(key, (totals.get(key) ?? 0) + (size / rendered) * chunk.gzip);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
};

const print = (title, files) => {
  const rows = attribute(files);
  const total = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`\n${title}: ${kib(total).toFixed(1)} KiB gzip (chunk by chunk)`);
  for (const [name, bytes] of rows.slice(0, Number(options.top))) {
    console.log(`${kib(bytes).toFixed(2).padStart(8)}  ${name}`);
  }
};

const app = await startBuiltApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  if (options.portal) {
    // A page of its own (decision 194): weighed whole, signed in, as js-weight.ts weighs it.
    const accessToken = await signInPlainCustomer(app.baseUrl);
    for (const page of OWN_PAGES) {
      const weight = await weighPage(browser, app.baseUrl, page.path, accessToken);
      print(`${page.name} ${page.path}, whole`, [...weight.files.keys()]);
    }
  } else {
    const shell = await shellFiles(app.baseUrl);
    print('shell (index.html)', shell);
    for (const page of WEIGHED_PAGES) {
      if (options.page !== undefined && page.name !== options.page) continue;
      const weight = await weighPage(browser, app.baseUrl, page.path);
      print(
        `${page.name} ${page.path}, beyond the shell`,
        [...weight.files.keys()].filter((file) => !shell.has(file)),
      );
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
