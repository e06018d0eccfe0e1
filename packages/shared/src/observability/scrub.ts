// What leaves for error reporting must carry nothing personal (spec §8, Hong Kong's PDPO): the
// web and the server pass every event, breadcrumb and replay frame through here before it is
// sent. Personal data is found two ways: by the name of the field that holds it (`password`,
// `phone`, `authorization` …) and by its shape inside free text (an HKID, a phone number, an
// email, a six-digit code, a JWT, a bearer token, a token in an address, a password named in
// free text).

/** What replaces a value whose field name says it is secret or personal. */
export const REDACTED = '[redacted]';

/**
 * Field names (lowercase, `-` read as `_`) whose values never leave, whatever they look like.
 * A name ending in `password`, `token` or `secret` counts too.
 */
const SENSITIVE_NAMES = new Set([
  'code',
  'otp',
  'hkid',
  'id_number',
  'phone',
  'phone_number',
  'mobile',
  'email',
  'username',
  'authorization',
  'cookie',
  'cookies',
  'set_cookie',
  'x_captcha',
  'x_member_view_token',
  'session',
  'x_session_id',
  'session_id',
  'x_device_id',
  'ip_address',
  // OpenTelemetry-style attribute names the server SDK gives a request's client.
  'client.address',
  'network.peer.address',
]);

/** Query parameters whose values never leave (`?token=…`, `?code=…`, `?email=…`). */
const SENSITIVE_SUFFIXES = ['password', 'token', 'secret', 'key'];

/** Identifiers the reporting SDK itself needs intact (they are random, never personal). */
const SDK_IDS = new Set([
  'event_id',
  'trace_id',
  'span_id',
  'parent_span_id',
  'replay_id',
  'sid',
  'segment_id',
  'profile_id',
]);

function normalizeName(name: string): string {
  return name.toLowerCase().replaceAll('-', '_');
}

/** True when a field or parameter of this name holds something that must never be reported. */
export function isSensitiveName(name: string): boolean {
  const normalized = normalizeName(name);
  // Dotted attribute names (`http.request.header.cookie`) are judged by their last part too.
  const last = normalized.slice(normalized.lastIndexOf('.') + 1);
  return (
    SENSITIVE_NAMES.has(normalized) ||
    SENSITIVE_NAMES.has(last) ||
    SENSITIVE_SUFFIXES.some((suffix) => last.endsWith(suffix))
  );
}

/**
 * A password named in free text: `password ClinicPass2026`, `password: x`, `pwd=x`,
 * `newPassword "x"`, `"passcode":"1234"`. The word starts a word of its own (`forgot-password` and
 * `/password` in an address are names, not secrets) and may end a longer name (`newPassword`,
 * `new_password`).
 */
const PASSWORD_IN_TEXT =
  /(?<![\w/-])(\w*(?:password|passwd|pwd|passcode)["']?)(\s*[:=]\s*|\s+)("[^"]*"|'[^']*'|[^\s"',;&)]+)/gi;

/** A lowercase word after `password ` with no `:` or `=` is prose ("password reset failed"). */
const PROSE_WORD = /^[a-z]+$/;

function redactPassword(match: string, name: string, separator: string, value: string): string {
  const spoken = separator.trim() === '';
  if (spoken && PROSE_WORD.test(value)) return match;
  return `${name}${separator}${REDACTED}`;
}

// Order matters: passwords first (their value may look like anything); an HKID contains six digits
// and a phone number eight, so both go before codes.
const TEXT_PATTERNS: readonly [RegExp, string][] = [
  // JSON Web Tokens (three base64url parts, the first `{"` encoded).
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  // `Bearer …` / `Basic …` credentials.
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [token]'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  // Policy numbers (OP1000001, VH1000003) identify a customer's plan; before HKIDs, which an
  // unbracketed two-letter HKID resembles (either way, it is gone).
  [/\b[A-Z]{2}\d{7}\b/g, '[policy]'],
  // HKID: one or two letters, six digits, a check digit (0-9 or A), with or without brackets.
  [/\b[A-Z]{1,2}\s?\d{6}\s?(?:\([0-9A]\)|[0-9A]\b)/gi, '[hkid]'],
  // Phone numbers: international (+852 9123 4567, +44 20 7946 0958) and Hong Kong's 8 digits.
  [/\+\d{1,3}[\s-]?\d(?:[\s-]?\d){6,13}\b/g, '[phone]'],
  [/(?<![\w-])[2-9]\d{3}[\s-]?\d{4}(?![\w-])/g, '[phone]'],
  // One-time codes: six digits standing alone.
  [/(?<![\w-])\d{6}(?![\w-])/g, '[code]'],
];

/**
 * Replaces every password named in free text, HKID, phone number, email, six-digit code, JWT and
 * bearer token.
 */
export function scrubText(text: string): string {
  let result = text.replace(PASSWORD_IN_TEXT, redactPassword);
  for (const [pattern, replacement] of TEXT_PATTERNS) {
    result = result.replace(pattern, replacement);
  }
  return result;
}

/** A path segment that looks like an opaque token (QR tokens, reset links): long and random. */
const TOKEN_SEGMENT = /^[\w-]{20,}$/;

function looksRandom(segment: string): boolean {
  return TOKEN_SEGMENT.test(segment) && /\d/.test(segment) && /[a-z]/i.test(segment);
}

function scrubQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      if (separator === -1) return scrubText(pair);
      const name = pair.slice(0, separator);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      const value = pair.slice(separator + 1);
      if (isSensitiveName(decoded)) return `${name}=${REDACTED}`;
      let text = value;
      try {
        text = decodeURIComponent(value.replaceAll('+', ' '));
      } catch {
        // keep the raw value
      }
      const scrubbed = scrubText(text);
      return scrubbed === text && !looksRandom(text) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
}

/**
 * An address (absolute, or a path with its query): sensitive query parameters lose their value,
 * token-like path segments become `[token]`, and the rest is scrubbed as text.
 */
export function scrubUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : withoutHash.slice(queryAt + 1);
  const originEnd = /^[a-z][\w+.-]*:\/\/[^/]*/i.exec(base)?.[0].length ?? 0;
  const origin = base.slice(0, originEnd);
  const path = base
    .slice(originEnd)
    .split('/')
    .map((segment) => (looksRandom(segment) ? '[token]' : scrubText(segment)))
    .join('/');
  return `${origin}${path}${query === undefined ? '' : `?${scrubQuery(query)}`}`;
}

function looksLikeUrl(text: string): boolean {
  return /^(?:[a-z][\w+.-]*:\/\/|\/)[^\s]*$/i.test(text);
}

function scrubString(text: string): string {
  return looksLikeUrl(text) ? scrubUrl(text) : scrubText(text);
}

const MAX_DEPTH = 20;

function scrubAny(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) {
    return value.map((item) => scrubAny(item, depth + 1, seen));
  }
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SDK_IDS.has(key)) {
      result[key] = item;
    } else if (isSensitiveName(key) && item !== null && item !== undefined && item !== '') {
      // A typed attribute (`{ value, type }`) keeps its shape so the receiver still accepts it.
      result[key] =
        typeof item === 'object' && 'value' in item
          ? { value: REDACTED, type: 'string' }
          : REDACTED;
    } else {
      result[key] = scrubAny(item, depth + 1, seen);
    }
  }
  return result;
}

/**
 * A deep copy of an event, breadcrumb or replay frame with nothing personal left: values of
 * sensitive fields replaced by `[redacted]`, personal data in text and addresses replaced by
 * what it was (`[hkid]`, `[phone]` …). Structure, numbers and the SDK's own ids are kept.
 */
export function scrubValue<T>(value: T): T {
  return scrubAny(value, 0, new WeakSet()) as T;
}
