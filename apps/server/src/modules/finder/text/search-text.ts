// Search text as Hong Kong people type it (decision 158). Rows' text and queries go through the
// same normalisation: full-width to half-width (NFKC), lower case, Traditional to Simplified
// Chinese (opencc-js, Hong Kong variants in), punctuation and runs of spaces as one space.
// Words stay apart in the text (joined, `east street` would hold `tst`); the dictionary's words
// and phrases are looked up without spaces, so `meifoo` and `Mei Foo` both name 美孚. A
// query becomes terms; a term is a list of alternatives, and a row matches when, for every
// term, one of its alternatives occurs in the row's normalised text. The rules only widen what
// a word matches (romanised surnames, places, service words); the result order is untouched.
//
// Markers in a row's text (see `marker`: the doctor's Chinese surname, the service slug, the
// specialty slug) let an alternative ask for a field exactly; normalised queries never hold
// their characters, so typed text cannot forge them or match inside them.
import * as OpenCC from 'opencc-js';
import { AREAS, MTR_STATIONS, type PlaceRow } from './places';
import { SERVICES, SPECIALTIES } from '../../../db/seed/catalogue';
import { SERVICE_SYNONYMS } from './services';
import { SURNAMES } from './surnames';

const toSimplified = OpenCC.Converter({ from: 'hk', to: 'cn' });

const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const HAN = /\p{Script=Han}/u;
/** Printable ASCII only: no Chinese to convert. */
const ASCII_ONLY = /^[ -~]*$/;

/** One field, normalised: NFKC, lower case, Simplified Chinese, punctuation as one space. */
export function normaliseField(text: string): string {
  let out = text.normalize('NFKC').toLowerCase();
  if (!ASCII_ONLY.test(out)) out = toSimplified(out);
  return out.replace(NOT_WORD, ' ').trim();
}

/** A dictionary key: the normalised text without its spaces. */
const compact = (text: string) => normaliseField(text).replaceAll(' ', '');

/** Doctor-title words dropped from queries and from the start of Chinese names. */
const TITLE_WORDS = new Set(['dr', 'doctor']);
const CHINESE_TITLES = ['医生', '医师'];

/**
 * A marker: ASCII moved into the Private Use Area, which normalised queries never hold, so
 * typed text cannot match inside one (`cialist` must not find the specialist marker).
 */
export function marker(kind: 's' | 'v' | 'p', value: string): string {
  const hidden = Array.from(`${kind}${value}`)
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code < 0x80 ? String.fromCodePoint(0xe000 + code) : char;
    })
    .join('');
  return `\u0001${hidden}\u0002`;
}

/** Compound surnames (simplified), longest first: a name starting with one has it. */
const COMPOUND_SURNAMES = [
  ...new Set(SURNAMES.map(([zh]) => compact(zh)).filter((zh) => Array.from(zh).length > 1)),
];

/** The Chinese surname of a doctor's Chinese name (simplified), or '' for none. */
export function chineseSurname(nameZh: string): string {
  let name = compact(nameZh);
  for (const title of CHINESE_TITLES) {
    if (name.startsWith(title)) name = name.slice(title.length);
    if (name.endsWith(title)) name = name.slice(0, -title.length);
  }
  if (!HAN.test(name.slice(0, 1))) return '';
  const compound = COMPOUND_SURNAMES.find((surname) => name.startsWith(surname));
  return compound ?? Array.from(name)[0] ?? '';
}

/** The fields of a service point that a search reads (a card's names, address and service). */
export type SearchFields = {
  doctor_name_en: string;
  doctor_name_zh: string;
  venue_name_en: string;
  venue_name_zh: string;
  address_line_one: string;
  address_line_two: string;
  district_name_en: string;
  district_name_zh: string;
  service_slug: string;
  service_name_en: string;
  service_name_zh: string;
  specialty_slug: string | null;
  specialty_description_en: string | null;
  specialty_description_zh: string | null;
};

/** A row's normalised search text in three parts, each shared by many rows. */
export interface RowText {
  doctor: string;
  venue: string;
  service: string;
}

const join = (fields: readonly string[]) => fields.map(normaliseField).join('\n');

export function doctorText(row: Pick<SearchFields, 'doctor_name_en' | 'doctor_name_zh'>): string {
  const surname = chineseSurname(row.doctor_name_zh);
  return `${join([row.doctor_name_en, row.doctor_name_zh])}\n${surname === '' ? '' : marker('s', surname)}`;
}

export function venueText(row: SearchFields): string {
  return join([
    row.venue_name_en,
    row.venue_name_zh,
    row.address_line_one,
    row.address_line_two,
    row.district_name_en,
    row.district_name_zh,
  ]);
}

/**
 * A row's service and specialty, as markers only: service words are whole words of the
 * dictionary (`skin`, `皮膚`, the catalogue's names), not pieces of text, so `li` does not find
 * every "Specialist".
 */
export function serviceText(row: Pick<SearchFields, 'service_slug' | 'specialty_slug'>): string {
  return (
    marker('v', row.service_slug) +
    (row.specialty_slug === null ? '' : marker('p', row.specialty_slug))
  );
}

export function rowText(row: SearchFields): RowText {
  return { doctor: doctorText(row), venue: venueText(row), service: serviceText(row) };
}

/** A query term: any of its alternatives may occur; a place term names its districts. */
export interface SearchTerm {
  readonly alternatives: readonly string[];
  /** The districts of the places the term names (for widening), when it names any. */
  readonly districts?: readonly string[];
}

interface Entry {
  alternatives: Set<string>;
  districts: Set<string>;
}

/** Words and phrases (normalised, no spaces) with what they stand for. */
const DICTIONARY = new Map<string, Entry>();

function entry(key: string): Entry {
  let found = DICTIONARY.get(key);
  if (found === undefined) {
    found = { alternatives: new Set(), districts: new Set() };
    DICTIONARY.set(key, found);
  }
  return found;
}

function addPlace([en, zh, district, aliases]: PlaceRow) {
  const names = [en, zh, ...(aliases?.split('/') ?? [])].map(compact);
  for (const name of names) {
    const found = entry(name);
    // The place's own names: an abbreviation is not what addresses say.
    for (const other of [normaliseField(en), normaliseField(zh)]) found.alternatives.add(other);
    found.districts.add(district);
  }
}
for (const place of [...MTR_STATIONS, ...AREAS]) addPlace(place);

// The catalogue's own names, so typing what the pickers show finds what picking it would.
const CATALOGUE_NAMES: [string, string][] = [
  ...SERVICES.map((service): [string, string] => [
    `${service.nameEn}/${service.nameZh}`,
    `service:${service.slug}`,
  ]),
  ...SPECIALTIES.map((specialty): [string, string] => [
    `${specialty.descriptionEn}/${specialty.descriptionZh}`,
    `specialty:${specialty.slug}`,
  ]),
];

for (const [words, slugs] of [...SERVICE_SYNONYMS, ...CATALOGUE_NAMES]) {
  const markers = slugs.split('/').map((slug) => {
    const [kind, value] = slug.split(':') as [string, string];
    return marker(kind === 'service' ? 'v' : 'p', value);
  });
  for (const word of words.split('/')) {
    const key = compact(word);
    if (key === '') continue;
    const found = entry(key);
    for (const value of markers) found.alternatives.add(value);
  }
}

for (const [zh, hk, jyutping, pinyin] of SURNAMES) {
  const surname = marker('s', compact(zh));
  for (const spelling of [...hk.split('/'), jyutping, ...pinyin.split('/')]) {
    entry(compact(spelling)).alternatives.add(surname);
  }
}

/** The longest dictionary key in tokens (at most this many are joined into a phrase). */
const MAX_PHRASE_TOKENS = 6;
/** The longest Chinese dictionary key, in characters (runs are split on keys of 2 or more). */
const LONGEST_CHINESE_KEY = Math.max(
  2,
  ...[...DICTIONARY.keys()].filter((key) => HAN.test(key)).map((key) => Array.from(key).length),
);

/** A query's tokens: runs of Latin letters and digits, and runs of Chinese characters. */
function tokens(search: string): string[] {
  let text = search.normalize('NFKC').toLowerCase();
  if (!ASCII_ONLY.test(text)) text = toSimplified(text);
  const out: string[] = [];
  for (const piece of text.split(NOT_WORD)) {
    // Split where Chinese meets Latin ("tst铜锣湾").
    for (const run of piece.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? []) out.push(run);
  }
  return out.filter((token) => token !== '');
}

/** A Chinese run without doctor titles, split around the dictionary's words in it. */
function chineseParts(run: string): string[] {
  let rest = run;
  for (const title of CHINESE_TITLES) rest = rest.split(title).join('');
  const parts: string[] = [];
  let plain = '';
  let at = 0;
  const chars = Array.from(rest);
  while (at < chars.length) {
    let key: string | undefined;
    for (let size = Math.min(LONGEST_CHINESE_KEY, chars.length - at); size >= 2; size -= 1) {
      const candidate = chars.slice(at, at + size).join('');
      if (DICTIONARY.has(candidate)) {
        key = candidate;
        break;
      }
    }
    if (key === undefined) {
      plain += chars[at] ?? '';
      at += 1;
      continue;
    }
    if (plain !== '') parts.push(plain);
    plain = '';
    parts.push(key);
    at += Array.from(key).length;
  }
  if (plain !== '') parts.push(plain);
  return parts;
}

function termOf(text: string, found: Entry | undefined): SearchTerm {
  const alternatives = [...new Set([text, ...(found?.alternatives ?? [])])];
  return found !== undefined && found.districts.size > 0
    ? { alternatives, districts: [...found.districts] }
    : { alternatives };
}

/** Romanisation with a tone number ("can4", "wong4"): the letters alone are looked up too. */
function lookUp(key: string): Entry | undefined {
  return DICTIONARY.get(key) ?? DICTIONARY.get(key.replace(/^([a-z]+)[1-6]$/, '$1'));
}

/**
 * The terms of a search text. Words are joined into the longest phrase the dictionary knows
 * (`prince edward`, `au yeung`, `bone setting`), and a run of Chinese is split around the
 * dictionary's words in it; doctor titles are dropped; each word or phrase matches itself
 * (punctuation as a space) or what it stands for.
 */
export function searchTerms(search: string | undefined): readonly SearchTerm[] {
  if (search === undefined) return [];
  let terms = recentTerms.get(search);
  if (terms === undefined) {
    if (recentTerms.size >= RECENT_SEARCHES) recentTerms.clear();
    terms = termsOf(search);
    recentTerms.set(search, terms);
  }
  return terms;
}

/** Search texts whose terms are kept (people repeat searches; a parse costs ~25 µs). */
const RECENT_SEARCHES = 4096;
const recentTerms = new Map<string, readonly SearchTerm[]>();

function termsOf(search: string): readonly SearchTerm[] {
  const list = tokens(search);
  const terms: SearchTerm[] = [];
  let at = 0;
  while (at < list.length) {
    let taken = 0;
    for (let size = Math.min(MAX_PHRASE_TOKENS, list.length - at); size > 1; size -= 1) {
      const phrase = list.slice(at, at + size);
      const key = phrase.join('');
      if (DICTIONARY.has(key)) {
        terms.push(termOf(phrase.join(' '), DICTIONARY.get(key)));
        taken = size;
        break;
      }
    }
    if (taken === 0) {
      const token = list[at] as string;
      if (HAN.test(token)) {
        for (const part of chineseParts(token)) terms.push(termOf(part, DICTIONARY.get(part)));
      } else if (!TITLE_WORDS.has(token)) {
        terms.push(termOf(token, lookUp(token)));
      }
      taken = 1;
    }
    at += taken;
  }
  // The same term twice asks nothing more.
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = term.alternatives.join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a row's text (its parts joined by newlines) matches every term: the plain scan. */
export function matchesTerms(text: string, terms: readonly SearchTerm[]): boolean {
  return terms.every((term) => term.alternatives.some((alternative) => text.includes(alternative)));
}
