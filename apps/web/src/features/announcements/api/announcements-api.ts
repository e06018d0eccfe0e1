import type { Announcement, AnnouncementTag } from '@clinicpass/shared/schemas/outpatient';

import { api } from '../../../lib/api';
import { SHELL_ROUTES } from '../../../lib/shell-routes';

/**
 * Announcements for a tag. Without one (sign-in state not known yet in this tab) the server
 * picks `customer` or `guest` from the request's identity. Called without the route table
 * (decision 202): the same request and answer schema as `announcementContract.listAnnouncements`.
 */
export async function fetchAnnouncements(
  tag: AnnouncementTag | undefined,
): Promise<Announcement[]> {
  const { method, area, path, response } = SHELL_ROUTES.announcements;
  const answer = await api.request({ method, area, path, query: { tag }, schema: response });
  return answer.data.results;
}
