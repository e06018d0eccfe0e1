// The sign-in page has a route module of its own, so opening it loads none of the other
// account pages (issue 16's login budget).
import { LoginPage } from '../../features/auth/components/login-page';

export function LoginRoute() {
  return <LoginPage />;
}
