import { useEffect } from 'react';
import { Navigate } from 'react-router';

import { isMemberAppPath } from '../../../config/paths';

/**
 * Goes on to where a sign-in leads: a member app page through the router, another page of the
 * site (the portal, whose route is in the hash) with a full page load.
 */
export function FollowTarget({ to }: { to: string }) {
  const external = !isMemberAppPath(to);
  useEffect(() => {
    if (external) window.location.replace(to);
  }, [external, to]);
  return external ? null : <Navigate to={to} replace />;
}
