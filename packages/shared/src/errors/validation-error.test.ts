import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  ValidationErrorDetailsSchema,
  validationError,
  validationMessage,
} from './validation-error';

describe('validationError', () => {
  it('is a 400 validation_error whose issues carry their catalogue keys', () => {
    const error = validationError([
      {
        path: 'body.policy_number',
        message: 'is too long',
        key: 'length_max',
        values: { length: 40 },
      },
    ]);
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({
      code: 'validation_error',
      message: 'Invalid body policy_number: is too long',
      details: {
        issues: [
          {
            path: 'body.policy_number',
            message: 'is too long',
            key: 'length_max',
            values: { length: 40 },
          },
        ],
      },
    });
  });

  it('keeps a given message and what the rule adds beside the issues', () => {
    const error = validationError(
      [{ path: 'body.answers.0.value', message: 'must be a number', key: 'invalid' }],
      { message: 'Invalid answer to question 3', extra: { question: 3 } },
    );
    expect(error.message).toBe('Invalid answer to question 3');
    expect(error.details).toEqual({
      question: 3,
      issues: [{ path: 'body.answers.0.value', message: 'must be a number', key: 'invalid' }],
    });
  });

  it('names the part of the request as the schema validation does', () => {
    expect(validationMessage({ path: 'querystring.page', message: 'is too small' })).toBe(
      'Invalid query parameter page: is too small',
    );
    expect(validationMessage({ path: 'label', message: 'is required' })).toBe(
      'Invalid label: is required',
    );
    expect(validationError([]).message).toBe('Invalid request');
  });

  it('lets a client read the details back, and refuses an issue without a catalogue key', () => {
    const { details } = validationError([
      { path: 'body.email', message: 'is not an email', key: 'email' },
    ]).toBody();
    expect(ValidationErrorDetailsSchema.parse(details).issues[0]?.key).toBe('email');
    const keyless = { issues: [{ path: 'body.email', message: 'is not an email' }] };
    expect(ValidationErrorDetailsSchema.safeParse(keyless).success).toBe(false);
    const unknownKey = { issues: [{ path: 'body.email', message: 'x', key: 'nonsense' }] };
    expect(ValidationErrorDetailsSchema.safeParse(unknownKey).success).toBe(false);
  });
});
