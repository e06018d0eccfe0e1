import {
  AnnouncementsResponseSchema,
  type Announcement,
  type AnnouncementTag,
} from '@clinicpass/shared/schemas/outpatient';

import { apiClient } from '../../member-card/api/api-client';

/**
 * Announcements for a tag. Without one (sign-in state not known yet in this tab) the server
 * picks `customer` or `guest` from the request's identity.
 */
export async function fetchAnnouncements(
  tag: AnnouncementTag | undefined,
): Promise<Announcement[]> {
  const response = await apiClient.request({
    path: '/announcement',
    query: { tag },
    schema: AnnouncementsResponseSchema,
  });
  return response.data.results;
}
