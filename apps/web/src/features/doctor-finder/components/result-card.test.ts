import { describe, expect, it } from 'vitest';

import { isMobileUserAgent, mapsSearchHref, telHref } from './result-card';

describe('result card links', () => {
  it('tells phones and tablets from desktops by the user agent', () => {
    for (const agent of [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
    ]) {
      expect(isMobileUserAgent(agent), agent).toBe(true);
    }
    for (const agent of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
      '',
    ]) {
      expect(isMobileUserAgent(agent), agent).toBe(false);
    }
  });

  it('builds a maps search from both address lines, encoded, skipping an empty line', () => {
    expect(mapsSearchHref({ line_one: "1 Queen's Road Central", line_two: '皇后大道中1號' })).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("1 Queen's Road Central, 皇后大道中1號")}`,
    );
    const href = new URL(mapsSearchHref({ line_one: '2 Hennessy Road & Co', line_two: '  ' }));
    expect(href.searchParams.get('query')).toBe('2 Hennessy Road & Co');
    expect(href.searchParams.get('api')).toBe('1');
  });

  it('dials the digits and the country-code plus, without spaces or dashes', () => {
    expect(telHref('2345 6789')).toBe('tel:23456789');
    expect(telHref('+852 9123-4567')).toBe('tel:+85291234567');
  });
});
