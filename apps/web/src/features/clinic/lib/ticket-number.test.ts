import { describe, expect, it } from 'vitest';

import { groupTicketNumber, normaliseTicketNumber } from './ticket-number';

describe('normaliseTicketNumber', () => {
  it.each([
    ['1234567890123456'],
    ['1234 5678 9012 3456'],
    ['  1234-5678-9012-3456  '],
    ['1234–5678—9012−3456'],
    ['1234.5678_9012 3456'],
    ['12 34 56 78 90 12 34 56'],
    ['1234\u00a05678\u30009012\t3456'],
    ['１２３４ ５６７８ ９０１２ ３４５６'],
    ['１２３４－５６７８－９０１２－３４５６'],
  ])('reads %j as the 16 digits', (typed) => {
    expect(normaliseTicketNumber(typed)).toEqual({ ok: true, number: '1234567890123456' });
  });

  it('says an empty field is empty', () => {
    expect(normaliseTicketNumber('')).toEqual({ ok: false, reason: 'empty' });
    expect(normaliseTicketNumber(' - - ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses letters and other characters', () => {
    expect(normaliseTicketNumber('1234 5678 9012 345O')).toEqual({
      ok: false,
      reason: 'characters',
    });
    expect(normaliseTicketNumber('1234/5678/9012/3456')).toEqual({
      ok: false,
      reason: 'characters',
    });
  });

  it('refuses too few or too many digits', () => {
    expect(normaliseTicketNumber('1234 5678 9012 345')).toEqual({ ok: false, reason: 'length' });
    expect(normaliseTicketNumber('1234 5678 9012 34567')).toEqual({
      ok: false,
      reason: 'length',
    });
  });
});

describe('groupTicketNumber', () => {
  it('groups by four as printed', () => {
    expect(groupTicketNumber('1234567890123456')).toBe('1234 5678 9012 3456');
  });
});
