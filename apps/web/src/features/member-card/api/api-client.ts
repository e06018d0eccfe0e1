import '../../../lib/zod-csp';

import { createApiClient, type KeyValueStorage } from '@clinicpass/shared/api-client/client';

import { env } from '../../../config/env';
import { i18n } from '../../../lib/i18n';

function browserStorage(): KeyValueStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The API client of the member-card, outpatient and announcement features. */
export const apiClient = createApiClient({
  baseUrl: env.apiBaseUrl,
  getLanguages: () => (i18n.language === 'zh-HK' ? ['zh-HK', 'en'] : ['en', 'zh-HK']),
  ...(browserStorage() === undefined ? {} : { storage: browserStorage() }),
});
