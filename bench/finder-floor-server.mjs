// The floor under bench:finder's search figures (issue 17), started by bench/finder.mjs only: a
// bare Fastify server (the server's own Fastify, no plugins, no logging) that answers
// `GET /api/graphql` with answers the real finder gave, in turn, without reading the address
// (Fastify's query-string parsing switched off), searching, validating or writing anything. What
// it costs per request is what receiving such a request and sending such an answer costs on this
// machine: no search can cost less. The answers come from the file FLOOR_ANSWERS (a JSON array
// of base64 bodies); the bench's probe (`--import bench/finder-probe.mjs`) reports its CPU.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../apps/server');
const require = createRequire(join(serverDir, 'package.json'));
const Fastify = require('fastify');

const answers = JSON.parse(readFileSync(process.env.FLOOR_ANSWERS, 'utf8')).map((body) =>
  Buffer.from(body, 'base64'),
);
let next = 0;

const app = Fastify({ logger: false, querystringParser: () => ({}) });
app.get('/readyz', async () => ({ status: 'ok' }));
app.get('/api/graphql', (_request, reply) => {
  const body = answers[next % answers.length];
  next += 1;
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
