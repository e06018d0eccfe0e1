import http from 'node:http';
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
if (process.argv[2] === 'child') {
  const size = Number(process.argv[3]);
  const body = Buffer.alloc(size, 'a');
  const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': size }); res.end(body); });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  let c0;
  process.on('message', (m) => { if (m === 'start') c0 = process.cpuUsage(); else { const d = process.cpuUsage(c0); process.send(d); process.exit(0); } });
} else {
  for (const size of [100, 5000, 23000, 60000]) {
    const child = fork(new URL(import.meta.url).pathname, ['child', String(size)]);
    const { port } = await new Promise((r) => child.once('message', r));
    await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 10, duration: 2 });
    child.send('start');
    const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 10, duration: 6 });
    child.send('stop');
    const d = await new Promise((r) => child.once('message', r));
    console.log(size, 'B:', result.requests.total, 'req', ((d.user + d.system) / result.requests.total).toFixed(1), 'µs/req (user', (d.user / result.requests.total).toFixed(1), 'sys', (d.system / result.requests.total).toFixed(1), ')');
  }
}
