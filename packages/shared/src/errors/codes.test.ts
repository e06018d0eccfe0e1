import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, IDENTITY_ERROR_CODES, isErrorCode, statusOf } from './codes';

describe('error codes', () => {
  it('answer each API code with its status', () => {
    expect(statusOf('validation_error')).toBe(400);
    expect(statusOf('invalid_token')).toBe(401);
    expect(statusOf('no_access')).toBe(403);
    expect(statusOf('route_not_found')).toBe(404);
    expect(statusOf('limit_exceeded')).toBe(429);
    expect(statusOf('read_only_mode')).toBe(503);
    expect(statusOf('voucher_expired')).toBe(410);
  });

  it('answer identity errors with 400 as Cognito does, except throttling and internal errors', () => {
    expect(statusOf('NotAuthorizedException')).toBe(400);
    expect(statusOf('LimitExceededException')).toBe(400);
    expect(statusOf('TooManyRequestsException')).toBe(429);
    expect(statusOf('InternalErrorException')).toBe(500);
  });

  it('keep the two vocabularies apart', () => {
    const api = Object.keys(API_ERROR_CODES);
    const identity = Object.keys(IDENTITY_ERROR_CODES);
    expect(api.filter((code) => identity.includes(code))).toEqual([]);
    expect(api.every((code) => /^[a-z_]+$/.test(code))).toBe(true);
    expect(identity.every((code) => code.endsWith('Exception'))).toBe(true);
  });

  it('recognise codes of both vocabularies and nothing else', () => {
    expect(isErrorCode('not_found')).toBe(true);
    expect(isErrorCode('CodeMismatchException')).toBe(true);
    expect(isErrorCode('network_error')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
