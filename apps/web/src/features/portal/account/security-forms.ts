/**
 * The sign-in feature's forms the portal's `account/security` shows (decision 198): the change
 * of password, the phone number's SMS verification and the identity error banner. A feature does
 * not import another (decision 169), so the portal's entry provides them, loaded with the page.
 */
import type { ComponentType, ReactNode } from 'react';

interface FormCallbacks {
  onError: (error: unknown) => void;
  onClear: () => void;
}

export interface SecurityForms {
  ChangePasswordForm: ComponentType<
    FormCallbacks & { email: string; onDone: () => void; onCancel: () => void }
  >;
  PhoneStep: ComponentType<FormCallbacks & { onDone: () => Promise<void>; leaveLabel?: string }>;
  useErrorBanner: () => {
    show: (error: unknown) => void;
    clear: () => void;
    banner: ReactNode;
  };
}

let loadForms: (() => Promise<SecurityForms>) | null = null;

/** Called once by the portal's entry, before its router starts. */
export function provideSecurityForms(load: () => Promise<SecurityForms>): void {
  loadForms = load;
}

export function loadSecurityForms(): Promise<SecurityForms> {
  if (loadForms === null) {
    return Promise.reject(new Error('the portal entry provides no security forms'));
  }
  return loadForms();
}
