// The challenge fetch, against a stubbed global fetch: it answers the challenge and when it
// lapses, and tells a failure to reach the server (no network, a 5xx: the "network" message)
// apart from the server refusing (a 4xx).
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CHALLENGE_URL, fetchChallenge, setChallengeDifficulty } from './altcha';

const challenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'ab01',
    salt: 'cd02',
    cost: 1000,
    keyLength: 32,
    keyPrefix: '00',
    data: { issued_at: 1_000, expires_at: 1_300 },
  },
  signature: 'ef03',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: string[];

function answer(respond: () => Promise<Response>) {
  calls = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    return respond();
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fetchChallenge', () => {
  it('answers the challenge and when it lapses, by the device clock', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(50_000);
    answer(() => Promise.resolve(json(200, challenge)));
    const fetched = await fetchChallenge();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain(CHALLENGE_URL);
    expect(fetched).toEqual({ challenge, deadline: 50_000 + 300 * 1000 });
  });

  it('asks for a harder challenge while a difficulty is set (decision 150)', async () => {
    answer(() => Promise.resolve(json(200, challenge)));
    setChallengeDifficulty(1600);
    try {
      await fetchChallenge();
    } finally {
      setChallengeDifficulty(null);
    }
    await fetchChallenge();
    expect(calls[0]).toContain(`${CHALLENGE_URL}?difficulty=1600`);
    expect(calls[1]).not.toContain('difficulty');
  });

  it('a failed connection is a network failure', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchChallenge()).toBe('network');
  });

  it.each([
    [500, { code: 'internal_error', message: 'x' }],
    [503, { code: 'maintenance', message: 'x' }],
    [502, 'Bad gateway'],
  ])('a %i answer is a network failure', async (status, body) => {
    answer(() => Promise.resolve(json(status, body)));
    expect(await fetchChallenge()).toBe('network');
  });

  it.each([
    [400, 'bad_request'],
    [429, 'limit_exceeded'],
  ])(
    'a %i answer is not a network failure (the "timeout" message, as before)',
    async (status, code) => {
      answer(() => Promise.resolve(json(status, { code, message: 'x' })));
      expect(await fetchChallenge()).toBe('timeout');
    },
  );
});
