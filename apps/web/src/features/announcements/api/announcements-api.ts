import {
  ANNOUNCEMENT_TAG_HEADER,
  ANNOUNCEMENT_TAGS,
  type Announcement,
  type AnnouncementTag,
} from '@clinicpass/shared/schemas/outpatient';

import { api } from '../../../lib/api';
import { SHELL_ROUTES } from '../../../lib/shell-routes';

/**
 * Announcements for a tag. Without one (sign-in state not known yet in this tab) the server
 * picks `customer` or `guest` from the request's identity. Called without the route table
 * (decision 202): the same request and answer schema as `announcementContract.listAnnouncements`.
 */
export async function fetchAnnouncements(
  tag: AnnouncementTag | undefined,
): Promise<{ announcements: Announcement[]; answeredFor: AnnouncementTag | undefined }> {
  const { method, area, path, response } = SHELL_ROUTES.announcements;
  const answer = await api.request({ method, area, path, query: { tag }, schema: response });
  // The tag the server answered for (decision 239), when it names a known one.
  const named = answer.headers.get(ANNOUNCEMENT_TAG_HEADER);
  const answeredFor = ANNOUNCEMENT_TAGS.find((known) => known === named) ?? tag;
  return { announcements: answer.data.results, answeredFor };
}
