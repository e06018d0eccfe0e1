import { AccountPage } from '../../features/auth/components/account-page';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';
import { SetPasswordPage } from '../../features/auth/components/set-password-page';

export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
export function SetPasswordRoute() {
  return <SetPasswordPage />;
}
export function AccountRoute() {
  return <AccountPage />;
}
