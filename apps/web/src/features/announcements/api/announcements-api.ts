import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { announcementContract } from '@clinicpass/shared/contracts/announcement';
import type { Announcement, AnnouncementTag } from '@clinicpass/shared/schemas/outpatient';

import { api } from '../../../lib/api';

/**
 * Announcements for a tag. Without one (sign-in state not known yet in this tab) the server
 * picks `customer` or `guest` from the request's identity.
 */
export async function fetchAnnouncements(
  tag: AnnouncementTag | undefined,
): Promise<Announcement[]> {
  const answer = await callRoute(api, announcementContract.listAnnouncements, { query: { tag } });
  return answer.results;
}
