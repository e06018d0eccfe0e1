import { VERIFICATION_OUTCOMES } from '@clinicpass/shared/schemas/clinic';
import { beforeAll, describe, expect, it } from 'vitest';

import { i18n } from '../../../lib/i18n';

import { outcomeText } from './outcome';
import { loadClinicTexts } from './texts';

beforeAll(async () => {
  await Promise.all([loadClinicTexts('en'), loadClinicTexts('zh-HK')]);
});

const en = () => i18n.getFixedT('en', 'clinic');
const zh = () => i18n.getFixedT('zh-HK', 'clinic');
const base = { ticket_type: 'visit' as const, effective_date: null };

describe('outcomeText', () => {
  it('has a title and a sentence for every outcome, in both languages', () => {
    for (const outcome of VERIFICATION_OUTCOMES) {
      for (const [t, language] of [
        [en(), 'en'],
        [zh(), 'zh-HK'],
      ] as const) {
        const text = outcomeText({ ...base, outcome }, t, language);
        expect(text.title, `${language} ${outcome}`).not.toMatch(/^outcome\.|^$/);
        expect(text.detail, `${language} ${outcome}`).not.toMatch(/^outcome\.|^$|\{\{/);
      }
    }
  });

  it('reads as the counter needs it', () => {
    expect(outcomeText({ ...base, outcome: 'valid' }, en(), 'en')).toEqual({
      title: 'Valid ticket',
      detail: 'The member may be seen. Record the step below.',
      severity: 'success',
    });
    expect(outcomeText({ ...base, outcome: 'already_used' }, en(), 'en')).toMatchObject({
      title: 'Already used for this visit',
      severity: 'info',
    });
    expect(outcomeText({ ...base, outcome: 'revoked' }, zh(), 'zh-HK')).toMatchObject({
      title: '已撤銷',
      severity: 'error',
    });
    expect(outcomeText({ ...base, outcome: 'not_in_network' }, en(), 'en').title).toBe(
      "Not a member of this clinic's network",
    );
  });

  it('dates a ticket that is not effective yet', () => {
    const verification = { ...base, outcome: 'not_yet_effective' as const };
    expect(
      outcomeText({ ...verification, effective_date: '2027-02-03' }, en(), 'en'),
    ).toMatchObject({
      severity: 'warning',
      detail: 'This ticket becomes effective on 3 Feb 2027. It cannot be used today.',
    });
    expect(
      outcomeText({ ...verification, effective_date: '2027-02-03' }, zh(), 'zh-HK').detail,
    ).toContain('2027年2月3日');
    expect(outcomeText(verification, en(), 'en').detail).toBe(
      'This ticket is not effective yet. It cannot be used today.',
    );
  });

  it('names the ticket shown for the wrong step', () => {
    expect(
      outcomeText({ ...base, outcome: 'wrong_ticket_type', ticket_type: 'payment' }, en(), 'en')
        .detail,
    ).toBe('This is a Payment ticket (after consultation); it cannot be used for this step.');
  });
});
