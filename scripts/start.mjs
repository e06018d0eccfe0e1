// `npm start`: install if needed, build web and server, then run the server (which starts the
// embedded PostgreSQL unless DATABASE_URL is set, migrates, and seeds an empty database).
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  ensureDependencies,
  ensureDocumentFont,
  ensurePinnedNode,
  root,
  run,
} from './bootstrap.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

ensureDependencies();
ensureDocumentFont();
ensurePinnedNode();

for (const workspace of ['apps/web', 'apps/server']) {
  const status = run('npm', ['run', 'build', '-w', workspace]);
  if (status !== 0) process.exit(status);
}

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/server.js')],
  {
    stdio: 'inherit',
    cwd: root,
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
