import { isApiError } from '@clinicpass/shared/api-client/client';
import type { TFunction } from 'i18next';

/** The banner text for a failed member-card call: our own wording for "no match", else the catalogue's. */
export function lookupErrorMessage(
  error: unknown,
  t: TFunction<['member-card', 'errors']>,
): string {
  if (isApiError(error)) {
    if (error.code === 'not_found') return t('member-card:form.errors.noMatch');
    if (error.code === 'limit_exceeded') return t('errors:limit_exceeded');
    if (error.code === 'network_error') return t('errors:network_error');
  }
  return t('errors:default');
}
