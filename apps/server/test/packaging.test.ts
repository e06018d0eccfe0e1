// The image's recipe (decision 264): the Dockerfile passes dockerfile-utils' linter (the Docker
// language server's), runs as non-root, and starts the server with the flags every launcher uses
// (scripts/server-node-flags.mjs), as apps/server/package.json's `start` does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';
import { serverFile } from '../src/server-root';

const root = path.resolve(serverFile(), '../..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

describe('the Dockerfile', () => {
  it('has no linter finding', () => {
    const findings = validate(dockerfile).map(
      (finding) =>
        `line ${String(finding.range.start.line + 1)}: ${typeof finding.message === 'string' ? finding.message : finding.message.value}`,
    );
    expect(findings).toEqual([]);
  });

  it('runs as a non-root user, with the server flags of every launcher', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/--omit=dev/);
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual([
      'node',
      ...SERVER_NODE_FLAGS,
      'apps/server/dist/server.js',
    ]);
    const { scripts } = JSON.parse(readFileSync(serverFile('package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server.js`);
  });
});
