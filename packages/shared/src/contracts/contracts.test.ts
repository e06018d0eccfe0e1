// The route table's own consistency: every entry can be registered and called as written.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isErrorCode } from '../errors/codes';
import { contract } from './index';
import { ROUTE_AREAS, type RouteContract, routePrefixes, successSchema } from './route';

const areas: Record<string, Record<string, RouteContract>> = contract;
const entries: [string, RouteContract][] = Object.entries(areas).flatMap(([area, routes]) =>
  Object.entries(routes).map(([name, entry]): [string, RouteContract] => [
    `${area}.${name}`,
    entry,
  ]),
);

function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
}

function objectKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
}

describe('the route table', () => {
  it('has entries of every area converted so far', () => {
    expect(entries.length).toBeGreaterThan(40);
  });

  it.each(entries)('%s: a path in its area, its parameters declared', (_name, entry) => {
    expect(entry.path.startsWith('/')).toBe(true);
    expect(ROUTE_AREAS[entry.area]).toBeDefined();
    expect(objectKeys(entry.params)).toEqual(pathParams(entry.path).sort());
    for (const code of entry.errors) expect(isErrorCode(code)).toBe(true);
    // A GET carries no body; an API route is documented with tags and a summary.
    if (entry.method === 'GET') expect(entry.body).toBeUndefined();
    if (entry.hide !== true) {
      expect(entry.tags?.length).toBeGreaterThan(0);
      expect(entry.summary).toBeTruthy();
    }
  });

  it('names each method and path once', () => {
    const keys = entries.flatMap(([, entry]) =>
      routePrefixes(entry).map((prefix) => `${entry.method} ${prefix}${entry.path}`),
    );
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('finds the answer a client reads', () => {
    expect(successSchema(contract.health.readiness)).toBe(contract.health.readiness.responses[200]);
    expect(successSchema(contract.outpatient.revokeSharedCard)).toBeUndefined();
  });
});
