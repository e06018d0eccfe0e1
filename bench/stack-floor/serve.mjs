// Builds the stack's floor page (index.html, main.tsx: the app's libraries and nothing of the
// app) with the app's Vite and React plugin into a temporary folder, asks for its scripts at low
// priority as the app's build does (build/scripts-after-first-paint.ts), and serves it
// brotli-compressed, as the server sends the app's files. For `npm run bench:lighthouse --
// --floor`.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

// The web app's own Vite and React plugin (apps/web's dependencies).
const webRequire = createRequire(join(import.meta.dirname, '../../apps/web/package.json'));
const { build } = await import(webRequire.resolve('vite'));
const { default: react } = await import(webRequire.resolve('@vitejs/plugin-react'));

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** @returns {Promise<{ baseUrl: string, stop: () => Promise<void>, scriptBytes: number }>} */
export async function startStackFloor() {
  const outDir = mkdtempSync(join(tmpdir(), 'clinicpass-stack-floor-'));
  await build({
    root: import.meta.dirname,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const indexPath = join(outDir, 'index.html');
  writeFileSync(
    indexPath,
    readFileSync(indexPath, 'utf8').replace(
      /<(script type="module"|link rel="modulepreload")/g,
      '<$1 fetchpriority="low"',
    ),
  );
  const files = new Map();
  let scriptBytes = 0;
  for (const path of filesUnder(outDir)) {
    const body = brotliCompressSync(readFileSync(path), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    if (path.endsWith('.js')) scriptBytes += body.length;
    files.set(`/${relative(outDir, path)}`, { body, type: TYPES[extname(path)] ?? 'text/plain' });
  }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = files.get(url.pathname) ?? files.get('/index.html');
    response.writeHead(200, {
      'content-type': file.type,
      'content-encoding': 'br',
      'cache-control': url.pathname.startsWith('/assets/') ? 'max-age=31536000' : 'no-cache',
    });
    response.end(file.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    scriptBytes,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
