// Hong Kong phone numbers as people read them (issue 41): eight digits in two groups of four,
// "2215 4715", with "+852 " before them when the number carries the country code. Anything else
// (a Macau or Mainland number, an extension written into the number) is shown as it was given.

/** A phone number written for reading: `22154715` → `2215 4715`, `+85222154715` → `+852 2215 4715`. */
export function formatHkPhone(no: string): string {
  const compact = no.replace(/[\s-]/g, '');
  const match = /^(\+852)?(\d{4})(\d{4})$/.exec(compact);
  if (match === null) return no.trim();
  const local = `${match[2] ?? ''} ${match[3] ?? ''}`;
  return match[1] === undefined ? local : `+852 ${local}`;
}
