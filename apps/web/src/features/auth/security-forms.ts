/**
 * The auth feature's forms other screens reuse (decision 198): the portal's `account/security`
 * gets them from its entry (portal-main.tsx), never by importing this feature (decision 169).
 */
export { ChangePasswordForm } from './components/change-password-form';
export { useErrorBanner } from './components/error-banner';
export { PhoneStep } from './components/phone-step';
