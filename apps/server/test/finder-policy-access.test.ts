// Decision 111: a process reuses a policy's finder access answer for 10 s, then asks again.
import { describe, expect, it } from 'vitest';
import {
  emptyFinderSnapshot,
  type FinderReadModel,
  type FinderSnapshot,
} from '../src/modules/finder/finder.snapshot';
import type { FinderRepository } from '../src/modules/finder/finder.repository';
import { joinParts } from '../src/lib/byte-slab';
import { type AnswerCache, createAnswerCache } from '../src/modules/finder/finder.answers';
import { createFinderService, POLICY_ACCESS_TTL_MS } from '../src/modules/finder/finder.service';
import { ServicePointQuerySchema } from '@clinicpass/shared/schemas/finder';

const empty: FinderSnapshot = emptyFinderSnapshot(1);
let current = empty;
const readModel: FinderReadModel = {
  current: () => current,
  loaded: () => true,
  refresh: () => Promise.resolve(false),
  close: () => Promise.resolve(),
};

function serviceWith(answers: Record<string, boolean>) {
  const asked: string[] = [];
  const repository = {
    policyHasNetwork: (policyNumber: string) => {
      asked.push(policyNumber);
      return Promise.resolve(answers[policyNumber] ?? false);
    },
  } as unknown as FinderRepository;
  let time = 1_000_000;
  const service = createFinderService(repository, readModel, () => time);
  return {
    asked,
    service,
    wait: (ms: number) => {
      time += ms;
    },
  };
}

const caller = { language: 'en' as const, userId: null };
const query = (policy: string) => ServicePointQuerySchema.parse({ policy_number: policy });

describe('finder policy access', () => {
  it('asks the database once per policy number per 10 s, for allowed and refused numbers', async () => {
    const { asked, service, wait } = serviceWith({ OP1: true });
    await service.searchServicePoints('outpatient', query('OP1'), caller);
    await service.searchServicePoints('outpatient', query('op1'), caller);
    await expect(
      service.searchServicePoints('outpatient', query('XX9'), caller),
    ).rejects.toMatchObject({ code: 'no_access' });
    await expect(
      service.searchServicePoints('outpatient', query('XX9'), caller),
    ).rejects.toMatchObject({ code: 'no_access' });
    expect(asked).toEqual(['OP1', 'XX9']);

    wait(POLICY_ACCESS_TTL_MS - 1);
    await service.searchServicePoints('outpatient', query('OP1'), caller);
    expect(asked).toEqual(['OP1', 'XX9']);
    wait(1);
    await service.searchServicePoints('outpatient', query('OP1'), caller);
    expect(asked).toEqual(['OP1', 'XX9', 'OP1']);
  });
});

describe('finder answer cache', () => {
  it("keeps a guest's answer for its snapshot, no longer than the access answer it relied on", async () => {
    const { service, wait } = serviceWith({ OP1: true });
    const ask = () =>
      service.searchServicePointsJson('outpatient', query('OP1'), caller, 'en /op1');
    await ask();
    // Kept the second time its address is asked, not the first.
    expect(service.cachedAnswer('en /op1')).toBeUndefined();
    const answer = await ask();
    expect(service.cachedAnswer('en /op1')?.json.equals(answer.json)).toBe(true);
    expect(service.cachedAnswer('zh-HK /op1')).toBeUndefined();

    wait(POLICY_ACCESS_TTL_MS - 1);
    expect(service.cachedAnswer('en /op1')).toBeDefined();
    wait(1);
    // The policy may have lapsed since: ask again (and the database again) before answering.
    expect(service.cachedAnswer('en /op1')).toBeUndefined();
  });

  it('serves nothing computed from an older snapshot', async () => {
    const { service } = serviceWith({ OP1: true });
    for (let i = 0; i < 2; i += 1) {
      await service.searchServicePointsJson('outpatient', query('OP1'), caller, 'en /op1');
    }
    expect(service.cachedAnswer('en /op1')).toBeDefined();
    current = { ...empty, version: empty.version + 1 };
    try {
      expect(service.cachedAnswer('en /op1')).toBeUndefined();
    } finally {
      current = empty;
    }
  });

  it('lets every kept answer go when a reload starts, and keeps none while it builds', async () => {
    let rebuilding = false;
    const listeners: (() => void)[] = [];
    const reloadable: FinderReadModel = {
      ...readModel,
      reloading: () => rebuilding,
      beforeReload: (listener) => listeners.push(listener),
    };
    const repository = {
      policyHasNetwork: () => Promise.resolve(true),
    } as unknown as FinderRepository;
    const answers = createAnswerCache();
    const service = createFinderService(repository, reloadable, Date.now, answers);
    const ask = (key: string) =>
      service.searchServicePointsJson('outpatient', query('OP1'), caller, key);
    await ask('en /a');
    await ask('en /a');
    expect(service.cachedAnswer('en /a')).toBeDefined();

    // The reload starts: what was kept goes, and the next answers are not kept while it builds.
    rebuilding = true;
    for (const listener of listeners) listener();
    expect(answers.size).toBe(0);
    expect(answers.bytes).toBe(0);
    for (let i = 0; i < 3; i += 1) await ask('en /a');
    expect(service.cachedAnswer('en /a')).toBeUndefined();

    // Built: answers are kept again (the second time their address is asked).
    rebuilding = false;
    await ask('en /a');
    expect(service.cachedAnswer('en /a')).toBeUndefined();
    await ask('en /a');
    expect(service.cachedAnswer('en /a')).toBeDefined();
  });

  it("never keeps a signed-in customer's answer (their cards carry bookmarks)", async () => {
    const { service } = serviceWith({ OP1: true });
    const signedIn = { language: 'en' as const, userId: '7d1f0c52-8a53-4a8c-9d2e-1b7c6f0e9a11' };
    for (let i = 0; i < 3; i += 1) {
      await service.searchServicePointsJson('outpatient', query('OP1'), signedIn, 'en /op1');
    }
    expect(service.cachedAnswer('en /op1')).toBeUndefined();
  });

  it('keeps no refusal', async () => {
    const { service } = serviceWith({});
    for (let i = 0; i < 3; i += 1) {
      await expect(
        service.searchServicePointsJson('outpatient', query('XX9'), caller, 'en /xx9'),
      ).rejects.toMatchObject({ code: 'no_access' });
    }
    expect(service.cachedAnswer('en /xx9')).toBeUndefined();
  });
});

describe('answer cache memory', () => {
  const answer = (bytes: number) => ({
    json: Buffer.alloc(bytes, 'x'),
    pagination: { start: 0, end: 0, total: 1 },
  });

  /** Sets an answer twice: the second time its address is asked, it is kept. */
  const keep = (cache: AnswerCache, key: string, bytes: number, until: number) => {
    cache.set(key, answer(bytes), 1, until);
    cache.set(key, answer(bytes), 1, until);
  };

  it('keeps an answer the second time its address is asked, and at once after it went stale', () => {
    let time = 0;
    const cache = createAnswerCache(64_000, () => time);
    cache.set('a', answer(10), 1, 10);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('a', answer(10), 1, 10);
    expect(cache.get('a', 1)).toBeDefined();
    time = 10;
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', answer(10), 1, 20);
    expect(cache.get('a', 1)).toBeDefined();
  });

  it('drops the least recently used answers past its byte budget', () => {
    // Each entry costs its JSON and its key (3 characters, counted at 2 bytes each).
    const entry = 1000 + 6;
    const key = (i: number) => `k${String(i).padStart(2, '0')}`;
    const cache = createAnswerCache(64 * entry, () => 0);
    for (let i = 0; i < 64; i += 1) keep(cache, key(i), 1000, 10);
    expect(cache.bytes).toBe(64 * entry);
    expect(cache.get('k00', 1)).toBeDefined(); // k00 is now the most recently used
    keep(cache, 'k64', 1000, 10);
    expect(cache.get('k01', 1)).toBeUndefined();
    expect(['k00', 'k02', 'k64'].map((name) => cache.get(name, 1) !== undefined)).toEqual([
      true,
      true,
      true,
    ]);
    expect(cache.size).toBe(64);
    cache.set('k00', answer(500), 1, 10); // already kept: replaced at once
    expect(cache.bytes).toBe(63 * entry + 506);
    expect(cache.size).toBe(64);
  });

  it('counts every form made from a kept answer, and drops them with it', () => {
    const cache = createAnswerCache(64 * 1006, () => 0);
    keep(cache, 'k00', 1000, 10);
    const kept = cache.get('k00', 1);
    if (kept === undefined) throw new Error('not kept');
    // A GraphQL body and a compressed form: each made once, kept and counted (name and bytes).
    let made = 0;
    const body = () => {
      made += 1;
      return Buffer.alloc(900, 'g');
    };
    expect(kept.forms.form('gql', body).length).toBe(900);
    expect(kept.forms.form('gql', body).length).toBe(900);
    expect(made).toBe(1);
    kept.forms.form('gql br', () => Buffer.alloc(100, 'b'));
    expect(cache.bytes).toBe(1006 + (6 + 900) + (12 + 100));
    // Filling the budget drops the least recently used answer with all its forms.
    for (let i = 1; i <= 63; i += 1) keep(cache, `k${String(i).padStart(2, '0')}`, 1000, 10);
    expect(cache.get('k00', 1)).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1006);
    expect(cache.bytes).toBe(cache.size * 1006);
    // A form asked of a dropped answer is made, used once and not kept.
    expect(kept.forms.form('gzip', () => Buffer.alloc(50)).length).toBe(50);
    expect(kept.forms.form('gql', body).length).toBe(900);
    expect(made).toBe(2);
    expect(cache.bytes).toBe(cache.size * 1006);
  });

  it('never keeps more than its budget, however many forms its answers make', () => {
    const budget = 64 * 1006;
    const cache = createAnswerCache(budget, () => 0);
    for (let i = 0; i < 200; i += 1) {
      const key = `k${String(i % 90).padStart(2, '0')}`;
      keep(cache, key, 1000, 10);
      const kept = cache.get(key, 1);
      kept?.forms.form(`f${String(i % 3)}`, () => Buffer.alloc(400 + (i % 7) * 50));
      expect(cache.bytes).toBeLessThanOrEqual(budget);
    }
    // A form larger than a 64th of the budget is used, never kept.
    keep(cache, 'big', 10, 10);
    const big = cache.get('big', 1);
    const before = cache.bytes;
    expect(big?.forms.form('br', () => Buffer.alloc(budget / 64 + 1)).length).toBe(budget / 64 + 1);
    expect(cache.bytes).toBe(before);
  });

  it('keeps its own copies of an answer and its forms, not views of a shared slab', () => {
    const cache = createAnswerCache(1024 * 1024, () => 0);
    const view = { json: joinParts([Buffer.alloc(10_000, 2)]), pagination: answer(0).pagination };
    expect(view.json.buffer.byteLength).toBeGreaterThan(10_000);
    cache.set('k', view, 1, 10);
    cache.set('k', view, 1, 10);
    const kept = cache.get('k', 1);
    expect(kept?.json.buffer.byteLength).toBe(10_000);
    const form = kept?.forms.form('gql', () => joinParts([Buffer.alloc(12_000, 3)]));
    expect(form?.buffer.byteLength).toBe(12_000);
  });

  it('keeps no answer larger than a 64th of its budget, and none already out of date', () => {
    const cache = createAnswerCache(64_000, () => 100);
    keep(cache, 'large', 1001, 200);
    keep(cache, 'stale', 10, 100);
    keep(cache, 'fits', 1000, 200);
    expect(cache.get('large', 1)).toBeUndefined();
    expect(cache.get('stale', 1)).toBeUndefined();
    expect(cache.get('fits', 1)).toBeDefined();
    expect(cache.size).toBe(1);
  });
});
