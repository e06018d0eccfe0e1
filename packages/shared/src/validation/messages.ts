// The generic validation messages of both specs' §5 (member-app and platform-layer), plus the
// platform's own field rules, in English and Traditional Chinese (Hong Kong). A field error is a
// key of this catalogue with optional values (spec platform-layer §5: "a message key translated
// in a validation namespace, with optional values"); `{{name}}` marks a value, as in i18next, so
// the web registers the catalogue as its `validation` namespace and the server fills it in with
// `formatValidationMessage`.
import type { Language } from '../i18n/languages';
import { validationMessagesEn, type ValidationKey } from './messages-en';
import { validationMessagesZhHK } from './messages-zh-hk';

export type { ValidationKey } from './messages-en';

export { VALIDATION_NAMESPACE } from '../i18n/namespaces';

export const validationResources: Record<Language, Record<ValidationKey, string>> = {
  en: validationMessagesEn,
  'zh-HK': validationMessagesZhHK,
};

export type ValidationValues = Record<string, string | number>;

/** A field error: a catalogue key and the values its message names. */
export interface ValidationMessage {
  key: ValidationKey;
  values?: ValidationValues;
}

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && Object.hasOwn(validationMessagesEn, value);
}

/** The message of a key in a language, its `{{name}}` marks filled in from `values`. */
export function formatValidationMessage(
  language: Language,
  key: ValidationKey,
  values: ValidationValues = {},
): string {
  return validationResources[language][key].replace(/\{\{(\w+)\}\}/g, (mark, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : mark,
  );
}
