import { describe, expect, it } from 'vitest';
import { nowOf } from './request-context';

describe('nowOf', () => {
  it('gives the Hong Kong date of the instant when read, also when spread or serialised', () => {
    // 16:30 UTC on 31 December is 00:30 on 1 January in Hong Kong.
    const instant = new Date('2026-12-31T16:30:00.000Z');
    const now = nowOf(instant);
    expect(now.instant).toBe(instant);
    expect(now.today).toBe('2027-01-01');
    expect({ ...now }).toEqual({ instant, today: '2027-01-01' });
    expect(JSON.parse(JSON.stringify(now))).toEqual({
      instant: '2026-12-31T16:30:00.000Z',
      today: '2027-01-01',
    });
    expect(nowOf(new Date('2026-12-31T15:59:59.999Z')).today).toBe('2026-12-31');
  });
});
