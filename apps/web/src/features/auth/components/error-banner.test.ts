import { ApiError } from '@clinicpass/shared/api-client/client';
import { describe, expect, it } from 'vitest';

import { identityErrorMessage } from './error-banner';

const apiError = (code: string, details?: unknown) =>
  new ApiError({ status: 400, code, message: 'server text', details });

describe('identity error messages (spec §8)', () => {
  it('maps Cognito names to the first wording in English and Chinese', () => {
    expect(identityErrorMessage(apiError('NotAuthorizedException'), 'en')).toBe(
      'Incorrect email or password',
    );
    expect(identityErrorMessage(apiError('NotAuthorizedException'), 'zh-HK')).toBe(
      '電郵或密碼不正確',
    );
    expect(identityErrorMessage(apiError('TooManyFailedAttemptsException'), 'en')).toBe(
      'Action limit exceeded, please try again later',
    );
  });

  it('uses the second wording when asked', () => {
    expect(identityErrorMessage(apiError('NotAuthorizedException'), 'en', true)).toBe(
      'Invalid email or password.',
    );
    expect(identityErrorMessage(apiError('ExpiredCodeException'), 'en', true)).toBe(
      'The verification code has expired, please try again.',
    );
  });

  it('names the customer service phone when no delivery method is left', () => {
    const error = apiError('InvalidParameterException', {
      reason: 'no_delivery_method',
      phone: '+852 2000 0000',
    });
    expect(identityErrorMessage(error, 'en')).toBe(
      'Please select another delivery method or reach out to Customer Service at +852 2000 0000',
    );
  });

  it('reads anything unknown as the default message', () => {
    expect(identityErrorMessage(apiError('SomethingNew'), 'en')).toBe(
      'Something goes wrong, please try again later',
    );
    expect(identityErrorMessage(new Error('boom'), 'en', true)).toBe(
      'Something went wrong, please try again later.',
    );
  });
});
