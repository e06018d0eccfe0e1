// "Signed in?" for the `/e-card` redirect and the owner view, from the identity feature's one
// `GET /identity/me` query (so every feature shares one cache entry and one shape).
import { useIdentity } from '../../../lib/identity';

/** `data`: true / false once known, undefined while the answer is on its way. */
export function useSignedIn(): { data: boolean | undefined } {
  const identity = useIdentity();
  return { data: identity.isLoading ? undefined : identity.signedIn };
}
