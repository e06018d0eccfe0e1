// Decision 111: a process reuses a policy's finder access answer for 10 s, then asks again.
import { describe, expect, it } from 'vitest';
import type { FinderReadModel, FinderSnapshot } from '../src/modules/finder/finder.memory';
import type { FinderRepository } from '../src/modules/finder/finder.repository';
import { createFinderService, POLICY_ACCESS_TTL_MS } from '../src/modules/finder/finder.service';
import { ServicePointQuerySchema } from '@clinicpass/shared/schemas/finder';

const empty: FinderSnapshot = {
  version: 1,
  size: 0,
  panels: new Map(),
  districts: new Map(),
  regions: new Map(),
  specialties: new Map(),
  doctor: { texts: [], postings: new Map() },
  venue: { texts: [], postings: new Map() },
  words: new Map(),
  written: { cards: [], bytes: 0 },
};
const readModel: FinderReadModel = {
  current: () => empty,
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
