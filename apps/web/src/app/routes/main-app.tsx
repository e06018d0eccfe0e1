import {
  MainAppApplyPage,
  MainAppNetworkPage,
} from '../../features/home/components/main-app-pages';

export function MainAppApplyRoute() {
  return <MainAppApplyPage />;
}

export function MainAppNetworkRoute() {
  return <MainAppNetworkPage />;
}
