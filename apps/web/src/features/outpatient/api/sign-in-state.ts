// "Signed in?" for the `/e-card` redirect and the owner view: `GET /identity/me` answers 200 for
// a signed-in customer; anything else (401, or 404 before the identity service is deployed) means
// not signed in.
import { isApiError } from '@clinicpass/shared/api-client/client';

import { apiClient } from '../../member-card/api/api-client';

export const signInQueryKey = ['identity', 'me'] as const;

export async function isSignedIn(): Promise<boolean> {
  try {
    const response = await apiClient.request({ area: 'identity', path: '/me' });
    return response.status === 200;
  } catch (error) {
    if (isApiError(error)) return false;
    throw error;
  }
}
