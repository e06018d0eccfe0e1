// Announcements are plain text. Whatever reaches the table (operator command, seed, a future
// admin screen) is reduced to text where it is stored and again where it is served: markup and
// control characters go, whitespace is collapsed, and the length is capped.
export const MAX_ANNOUNCEMENT_LENGTH = 1000;

export function sanitizeAnnouncementText(input: string): string {
  return (
    input
      // Whole script and style blocks first, then any other tag.
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<\/?[a-z!][^>]*>?/gi, '')
      .replace(/[<>]/g, '')
      // Control characters (keeping none: banners are one paragraph).
      // eslint-disable-next-line no-control-regex -- removing them is the point
      .replace(/[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_ANNOUNCEMENT_LENGTH)
  );
}
