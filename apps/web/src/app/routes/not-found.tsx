import { NotFoundPage } from '../../components/not-found-page';

export function NotFoundRoute() {
  return <NotFoundPage />;
}
