// Reads the enumeration and status-set lists out of the platform spec's markdown, so a test can
// hold the code's lists against it. The spec writes them as bullets of `Label: a, b, c.`, several
// to a bullet, with explanations in brackets, `; modes a, b` sub-lists and bare `A/b` pairs.

/** One list as the spec writes it: its label (lowercased) and values (as written). */
export interface SpecList {
  label: string;
  values: string[];
  /** The spec says the order matters (`…, in order:`). */
  ordered: boolean;
}

const SECTION_HEADINGS = [/^###\s+Enumerations\b/, /^##\s+4\.\s/];

/**
 * The lists of the spec's "Enumerations" (§3) and "States and transitions" (§4) bullets.
 * Sentences saying "not shown" are skipped; any other clause that is not a list throws, so a
 * change in how the spec writes its lists fails loudly instead of checking nothing.
 */
export function parseSpecLists(markdown: string): SpecList[] {
  const lists: SpecList[] = [];
  let inSection = false;
  for (const rawLine of markdown.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line.startsWith('#')) {
      inSection = SECTION_HEADINGS.some((heading) => heading.test(line));
      continue;
    }
    if (!inSection || !line.startsWith('- ')) continue;
    const text = line.slice(2).replace(/\s*\([^)]*\)/g, '');
    for (const sentence of text.split(/\.(?:\s+|$)/)) {
      if (sentence.trim() === '' || /not shown/i.test(sentence)) continue;
      for (const clause of sentence.split(';')) {
        const list = readClause(clause.trim());
        if (list !== null) lists.push(list);
      }
    }
  }
  return lists;
}

function readClause(clause: string): SpecList | null {
  if (clause === '') return null;
  const colon = clause.indexOf(':');
  if (colon >= 0) {
    const rawLabel = clause.slice(0, colon).trim();
    const ordered = /,\s*in order$/i.test(rawLabel);
    return {
      label: rawLabel.replace(/,\s*in order$/i, '').toLowerCase(),
      values: splitValues(clause.slice(colon + 1)),
      ordered,
    };
  }
  // `modes append, override`: a one-word label before a list.
  const labelled = /^([a-z]+)\s+([^,]+(?:,[^,]+)+)$/.exec(clause);
  if (labelled) {
    return { label: labelled[1] ?? '', values: splitValues(labelled[2] ?? ''), ordered: false };
  }
  // `Active/inactive`: the pair is both label and values.
  if (/^\w+\/\w+$/.test(clause)) {
    return {
      label: clause.toLowerCase(),
      values: clause.toLowerCase().split('/'),
      ordered: false,
    };
  }
  throw new Error(`Cannot read this clause of the spec as a list: "${clause}"`);
}

function splitValues(text: string): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9{}]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Whether a code value stands for a spec value: prose (a value with spaces, "claim form part II")
 * by its kebab-case form, anything else exactly.
 */
export function specValueMatches(specValue: string, codeValue: string): boolean {
  return /\s/.test(specValue) ? kebab(specValue) === codeValue : specValue === codeValue;
}

/**
 * The API paths a section of a spec names (`/policy/{id}/coverage`), in the section whose heading
 * starts with `heading` (e.g. '## 7.'). Relative paths (`.../{id}/submit`) are resolved against
 * the last absolute path with an `{id}` on the same line. Trailing slashes are dropped.
 */
export function parseSpecCallPaths(markdown: string, heading: string): string[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith(heading));
  if (start < 0) throw new Error(`The spec has no section "${heading}"`);
  const paths = new Set<string>();
  for (const line of lines.slice(start + 1)) {
    if (/^##\s/.test(line)) break;
    let base: string | null = null;
    for (const match of line.matchAll(/(\.\.\.)?(?<!\w)(\/[a-z{][\w\-/{}]*)/g)) {
      const [, relative, raw = ''] = match;
      let path = raw;
      if (relative !== undefined) {
        if (base === null) throw new Error(`Cannot resolve "...${raw}" in: ${line}`);
        path = `${base}/{id}${raw.replace(/^\/\{id\}/, '')}`;
      } else if (raw.includes('/{id}')) {
        base = raw.slice(0, raw.indexOf('/{id}'));
      }
      paths.add(path.length > 1 ? path.replace(/\/$/, '') : path);
    }
  }
  return [...paths];
}

/**
 * The values of the bullet `- {label}: a, b or c.` anywhere in the spec (explanations in brackets
 * and anything after the first sentence dropped), or null when there is no such bullet.
 */
export function specBulletValues(markdown: string, label: string): string[] | null {
  const prefix = `- ${label.toLowerCase()}:`;
  const line = markdown
    .split(/\r?\n/)
    .map((text) => text.trim())
    .find((text) => text.toLowerCase().startsWith(prefix));
  if (line === undefined) return null;
  const [sentence = ''] = line
    .slice(prefix.length)
    .replace(/\s*\([^)]*\)/g, '')
    .split(/\.(?:\s+|$)/);
  return sentence
    .split(/,|\s+or\s+/)
    .map((value) => value.trim())
    .filter((value) => value !== '');
}
