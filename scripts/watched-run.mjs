// A test step that goes silent is stopped and shown, not waited on until CI's time runs out. Once
// (stop 47) the server suite's worker spun at full CPU for an hour with no output and no database
// work; nothing said where. `runWatched` runs a command, passing its output through; when it has
// printed nothing for `silentMs`, it prints where each busy Node process of the step is (its
// inspector, opened by SIGUSR1, paused once: the top of its JavaScript stack), then kills the step.
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './bootstrap.mjs';

/** The process ids below `pid`, from `ps`. */
function descendants(pid) {
  const listed = spawnSync('ps', ['-eo', 'pid=,ppid=,pcpu=,args='], { encoding: 'utf8' }).stdout;
  const rows = listed
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+([\d.]+)\s+(.*)$/))
    .filter((match) => match !== null)
    .map(([, child, parent, cpu, args]) => ({
      pid: Number(child),
      ppid: Number(parent),
      cpu: Number(cpu),
      args,
    }));
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const row of rows) {
      if (row.ppid === parent) {
        found.push(row);
        queue.push(row.pid);
      }
    }
  }
  return found;
}

/** The top of a running Node process's JavaScript stack, through its inspector (port 9229). */
async function stackOf(pid) {
  try {
    process.kill(pid, 'SIGUSR1');
    await sleep(1500);
    const targets = await (await fetch('http://127.0.0.1:9229/json/list')).json();
    const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(['(the inspector did not pause)']), 15_000);
      socket.onopen = () => {
        socket.send(JSON.stringify({ id: 1, method: 'Debugger.enable' }));
        socket.send(JSON.stringify({ id: 2, method: 'Debugger.pause' }));
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.method !== 'Debugger.paused') return;
        clearTimeout(timer);
        resolve(
          message.params.callFrames
            .slice(0, 30)
            .map(
              (frame) =>
                `    at ${frame.functionName || '(anonymous)'} (${frame.url}:${frame.location.lineNumber + 1}:${frame.location.columnNumber + 1})`,
            ),
        );
        socket.close();
      };
    });
  } catch (error) {
    return [`(no stack: ${error instanceof Error ? error.message : String(error)})`];
  }
}

/**
 * Runs `command args` in the project's root with its output passed through. Resolves to its
 * exit status and whether it was stopped for printing nothing for `silentMs`.
 */
export function runWatched(command, args, { silentMs }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    let last = Date.now();
    let hung = false;
    child.stdout.on('data', (chunk) => {
      last = Date.now();
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      last = Date.now();
      process.stderr.write(chunk);
    });
    const watch = setInterval(async () => {
      if (hung || Date.now() - last < silentMs) return;
      hung = true;
      clearInterval(watch);
      console.error(
        `\n✖ ${command} ${args.join(' ')} printed nothing for ${Math.round(silentMs / 60_000)} min; where its busy processes are:`,
      );
      const processes = descendants(child.pid);
      for (const row of processes.filter((p) => p.cpu >= 10 && /node/.test(p.args))) {
        console.error(`  pid ${row.pid} (${row.cpu} % CPU): ${row.args.slice(0, 160)}`);
        for (const line of await stackOf(row.pid)) console.error(line);
        // Killed at once: the next process's inspector needs the port.
        try {
          process.kill(row.pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      for (const row of descendants(child.pid)) {
        try {
          process.kill(row.pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      child.kill('SIGKILL');
    }, 30_000);
    child.on('close', (status) => {
      clearInterval(watch);
      resolve({ status: status ?? 1, hung });
    });
  });
}
