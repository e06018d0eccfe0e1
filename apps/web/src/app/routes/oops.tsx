import { ErrorPage } from '../../components/error-page';

/** Shows the generic error page without an error, so it can be looked at and tested. */
export function OopsRoute() {
  return <ErrorPage />;
}
