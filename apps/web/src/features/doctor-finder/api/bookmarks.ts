// Bookmarks of service points (spec §3 `is_bookmarked`): PUT to set, DELETE to clear, for a
// signed-in customer (the session cookie goes with the request).
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { finderContract } from '@clinicpass/shared/contracts/finder';
import type { BookmarkResult } from '@clinicpass/shared/schemas/finder';

import { api } from '../../../lib/api';

export function setBookmark(servicePointId: number, bookmarked: boolean): Promise<BookmarkResult> {
  const params = { id: servicePointId };
  return bookmarked
    ? callRoute(api, finderContract.setBookmark, { params })
    : callRoute(api, finderContract.removeBookmark, { params });
}
