import { describe, expect, it } from 'vitest';
import { MAX_ANNOUNCEMENT_LENGTH, sanitizeAnnouncementText } from './sanitize';

describe('announcement text', () => {
  it('keeps plain text in both languages', () => {
    expect(sanitizeAnnouncementText('Flu jabs are covered.')).toBe('Flu jabs are covered.');
    expect(sanitizeAnnouncementText('流感疫苗由計劃支付。')).toBe('流感疫苗由計劃支付。');
  });

  it('removes scripts, tags, event handlers and stray angle brackets', () => {
    expect(sanitizeAnnouncementText('Hi<script>alert(1)</script> there')).toBe('Hi there');
    expect(sanitizeAnnouncementText('<img src=x onerror=alert(1)>Open <b>now</b>')).toBe(
      'Open now',
    );
    expect(sanitizeAnnouncementText('a < b > c')).toBe('a b c');
    expect(sanitizeAnnouncementText('<a href="javascript:alert(1)">x</a>')).toBe('x');
  });

  it('removes control and direction-override characters and collapses whitespace', () => {
    expect(sanitizeAnnouncementText(' one\n\ttwo\u0000 three\u202E ')).toBe('one two three');
  });

  it('caps the length', () => {
    expect(sanitizeAnnouncementText('x'.repeat(5000))).toHaveLength(MAX_ANNOUNCEMENT_LENGTH);
  });
});
