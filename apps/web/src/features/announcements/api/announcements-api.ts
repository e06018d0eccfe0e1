import {
  AnnouncementsResponseSchema,
  type Announcement,
  type AnnouncementTag,
} from '@clinicpass/shared/schemas/outpatient';

import { api } from '../../../lib/api';

/**
 * Announcements for a tag. Without one (sign-in state not known yet in this tab) the server
 * picks `customer` or `guest` from the request's identity.
 */
export async function fetchAnnouncements(
  tag: AnnouncementTag | undefined,
): Promise<Announcement[]> {
  const response = await api.request({
    path: '/announcement',
    query: { tag },
    schema: AnnouncementsResponseSchema,
  });
  return response.data.results;
}
