import { act, renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { useValidationText } from './field-error';
import { applyLanguage, i18n } from './i18n';

describe('useValidationText', () => {
  afterEach(async () => {
    await act(() => applyLanguage('en'));
  });

  it('shows a shared field error with its values, in the current language', async () => {
    const { result } = renderHook(() => useValidationText(), {
      wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
    });
    expect(result.current('length_min?length=8')).toBe('Number of characters must be at least 8');
    expect(result.current('identity_or_member_code')).toBe(
      'Please enter the identity document number or the member code',
    );
    await act(() => applyLanguage('zh-HK'));
    expect(result.current('length_min?length=8')).toBe('字元數目最少為 8');
  });

  it('gives nothing for no error or a message that is not a field error', () => {
    const { result } = renderHook(() => useValidationText(), {
      wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
    });
    expect(result.current(undefined)).toBeUndefined();
    expect(result.current('form.errors.hkid')).toBeUndefined();
  });
});
