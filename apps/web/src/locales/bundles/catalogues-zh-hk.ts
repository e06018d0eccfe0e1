// The shared error and validation catalogues in Chinese, as i18next namespaces: in the Chinese
// bundles (the member app's and the portal's), so English pages never load them (decision 315).
// The English ones are in lib/i18n.ts from the start.
import { errorMessagesZhHK } from '@clinicpass/shared/errors/messages-zh-hk';
import { ERRORS_NAMESPACE, VALIDATION_NAMESPACE } from '@clinicpass/shared/i18n/namespaces';
import { validationMessagesZhHK } from '@clinicpass/shared/validation/messages-zh-hk';

export const cataloguesZhHK: Record<string, Record<string, unknown>> = {
  [ERRORS_NAMESPACE]: errorMessagesZhHK,
  [VALIDATION_NAMESPACE]: validationMessagesZhHK,
};
