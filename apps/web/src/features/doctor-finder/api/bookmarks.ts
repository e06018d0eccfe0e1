// Bookmarks of service points (spec §3 `is_bookmarked`): PUT to set, DELETE to clear, for a
// signed-in customer (the session cookie goes with the request).
import { BookmarkResultSchema, type BookmarkResult } from '@clinicpass/shared/schemas/finder';

import { api } from '../../../lib/api';

export async function setBookmark(
  servicePointId: number,
  bookmarked: boolean,
): Promise<BookmarkResult> {
  const response = await api.request({
    method: bookmarked ? 'PUT' : 'DELETE',
    path: `/service-point/${servicePointId}/bookmark`,
    schema: BookmarkResultSchema,
  });
  return response.data;
}
