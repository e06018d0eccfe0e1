import { AccountPage } from '../../features/auth/components/account-page';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';
import { LoginPage } from '../../features/auth/components/login-page';
import { SetPasswordPage } from '../../features/auth/components/set-password-page';

export function LoginRoute() {
  return <LoginPage />;
}
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
export function SetPasswordRoute() {
  return <SetPasswordPage />;
}
export function AccountRoute() {
  return <AccountPage />;
}
