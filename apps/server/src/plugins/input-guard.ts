// Input no route accepts, refused once for all routes before validation (decision 136): a NUL
// character in any string (PostgreSQL text cannot hold one: it failed as a 500), and request
// bodies nested deeper than MAX_BODY_DEPTH (a 20,000-deep body overflowed the stack). Query
// strings, path parameters and bodies are walked without recursion, keys as well as values.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The deepest a request body may nest (objects and arrays); the API's own bodies use ≤ 6. */
export const MAX_BODY_DEPTH = 32;

type Fault = { kind: 'nul'; path: string } | { kind: 'depth' } | null;

/** The first thing wrong with a parsed value: a NUL in a string or key, or too deep a nesting. */
export function findFault(value: unknown, maxDepth: number): Fault {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === undefined) break;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return { kind: 'nul', path: item.path };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    // A raw body kept as bytes (the card provider's webhook, decision 287) is not walked.
    if (item.value instanceof Uint8Array) continue;
    if (item.depth >= maxDepth) return { kind: 'depth' };
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path === '' ? key : `${item.path}.${key}`;
      if (key.includes('\u0000')) return { kind: 'nul', path };
      stack.push({ value: child, depth: item.depth + 1, path });
    }
  }
  return null;
}

function check(part: string, value: unknown, maxDepth: number): void {
  const fault = findFault(value, maxDepth);
  if (fault === null) return;
  if (fault.kind === 'depth') {
    throw new AppError('invalid_input', {
      message: `The ${part} is nested more than ${maxDepth} levels deep`,
    });
  }
  const where = fault.path === '' ? part : `${part} ${fault.path}`;
  throw new AppError('invalid_input', {
    message: `The ${where} contains a NUL character, which is not accepted`,
  });
}

export const inputGuardPlugin = fp(
  (app: FastifyInstance, _options, done) => {
    app.addHook('preValidation', (request, _reply, next) => {
      try {
        check('query string', request.query, 2);
        check('path', request.params, 2);
        check('body', request.body, MAX_BODY_DEPTH);
        next();
      } catch (error) {
        next(error as Error);
      }
    });
    done();
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
