import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum settings; tests lower the
// cost through `setPasswordHashCost('low')` so a suite of sign-ins stays fast.
const COSTS = {
  production: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  low: { memoryCost: 1_024, timeCost: 1, parallelism: 1 },
} as const;

let cost: (typeof COSTS)[keyof typeof COSTS] = COSTS.production;

export function setPasswordHashCost(level: keyof typeof COSTS): void {
  cost = COSTS[level];
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const PASSWORD_ALPHABETS = [
  'abcdefghijkmnopqrstuvwxyz',
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  '23456789',
  '!#$%&*+-=?@^_',
] as const;

/**
 * A random password for a member created by silent sign-up (spec: 32 characters); it is never
 * shown to anyone, and has every character class so it passes the password rules.
 */
export function generatePassword(length = 32): string {
  const all = PASSWORD_ALPHABETS.join('');
  const chars = PASSWORD_ALPHABETS.map((set) => set[randomInt(set.length)] ?? 'a');
  while (chars.length < length) chars.push(all[randomInt(all.length)] ?? 'a');
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? 'a', chars[i] ?? 'a'];
  }
  return chars.join('');
}
