import { describe, expect, it } from 'vitest';
import { AppError, ErrorBodySchema, isAppError } from './app-error';

describe('AppError', () => {
  it('takes its status from its code', () => {
    expect(new AppError('not_found').status).toBe(404);
    expect(new AppError('UsernameExistsException').status).toBe(400);
  });

  it('defaults its message to the English catalogue', () => {
    expect(new AppError('voucher_expired').message).toBe('This voucher has expired');
  });

  it('answers in the caller language when no message was given', () => {
    expect(new AppError('voucher_expired').toBody('zh-HK')).toEqual({
      code: 'voucher_expired',
      message: '此電子券已過期',
    });
  });

  it('keeps an explicit message in every language, with its details', () => {
    const error = new AppError('validation_error', {
      message: 'page_size must be at most 100',
      details: [{ path: ['page_size'] }],
    });
    expect(error.toBody('zh-HK')).toEqual({
      code: 'validation_error',
      message: 'page_size must be at most 100',
      details: [{ path: ['page_size'] }],
    });
  });

  it('writes a body the schema accepts and leaves out absent details', () => {
    const body = new AppError('forbidden').toBody();
    expect(ErrorBodySchema.parse(body)).toEqual(body);
    expect('details' in body).toBe(false);
  });

  it('keeps its cause', () => {
    const cause = new Error('unique violation');
    expect(new AppError('conflict', { cause }).cause).toBe(cause);
  });

  it('is told apart from other errors', () => {
    expect(isAppError(new AppError('conflict'))).toBe(true);
    expect(isAppError(new Error('conflict'))).toBe(false);
    expect(isAppError({ code: 'conflict' })).toBe(false);
  });
});
