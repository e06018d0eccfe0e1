// Reads the free-text opening hours of the government facility lists (and of the import
// template's hours columns) into the shared OpeningHours shape (issue 19). The lists write hours
// as <br>-separated HTML lines: day lines ("Monday to Friday", "星期一至星期五"), time-range lines
// ("8:45am - 12:30pm", "Evening 5:45pm - 9:30pm", "上午8:45 至 下午12:30", "黃昏 - 下午5:45 至
// 下午9:30"), sometimes both on one line, and sometimes two blocks headed "Registration Hours :"
// and "Consultation Hours :" (also spelt "Consulation"). Consultation hours are the opening
// hours; registration hours are kept as a note. A line the parser does not know makes the whole
// text unreadable: it is then kept as text, never guessed at.
import {
  type BilingualText,
  type OpeningHours,
  OpeningHoursSchema,
  type TimeRange,
  WEEKDAYS,
  type Weekday,
} from '@clinicpass/shared/schemas/hours';

export interface ParsedHours {
  /** The weekly hours, or null when there are none or the text is unreadable. */
  openingHours: OpeningHours | null;
  /** Registration hours (shown as a note), the text cleaned to one line per <br>. */
  hoursNote: BilingualText | null;
  /** Hours text the parser could not read, cleaned, kept to be shown as it is. */
  hoursText: BilingualText | null;
  /** Why a side was unreadable, for the dry run's report (empty when all was read). */
  problems: string[];
}

/** Values the government lists write for "nothing here". */
const MISSING = new Set(['', 'n.a.', 'n/a', 'na', '-', '不適用']);

/** Whether a cell holds no value ("N.A.", blank). */
export function isMissing(value: string | null | undefined): boolean {
  return value === null || value === undefined || MISSING.has(value.trim().toLowerCase());
}

/** The text's lines: <br> variants and newlines split, tags dropped, entities decoded, trimmed. */
export function hoursLines(text: string): string[] {
  return text
    .replace(/<\s*\/?\s*br\s*\/?\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/\u3000/g, ' ')
    .split(/\r?\n|;/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

const REGISTRATION = /^(?:registration hours?|登記時間)\s*[:：]?$/i;
const CONSULTATION = /^(?:consul(?:t)?ation hours?|診症時間|opening hours?|開放時間)\s*[:：]?$/i;

// ---------------------------------------------------------------- days

const EN_DAYS: Record<string, Weekday> = {
  mon: 'mon',
  monday: 'mon',
  tue: 'tue',
  tues: 'tue',
  tuesday: 'tue',
  wed: 'wed',
  wednesday: 'wed',
  thu: 'thu',
  thur: 'thu',
  thurs: 'thu',
  thursday: 'thu',
  fri: 'fri',
  friday: 'fri',
  sat: 'sat',
  saturday: 'sat',
  sun: 'sun',
  sunday: 'sun',
};
const ZH_DAYS: Record<string, Weekday> = {
  一: 'mon',
  二: 'tue',
  三: 'wed',
  四: 'thu',
  五: 'fri',
  六: 'sat',
  日: 'sun',
  天: 'sun',
};

type DayToken = Weekday | 'to' | 'and' | 'holiday' | 'weekend' | 'weekdays';

/**
 * The days a day expression names ("Monday to Friday", "Mon, Wed & Fri", "Sunday and Public
 * Holidays", "星期一至星期五", "星期日及公眾假期"), or null when it is not one.
 */
function parseDays(text: string): { days: Weekday[]; holidays: boolean } | null {
  const tokens: DayToken[] = [];
  const source = text
    .toLowerCase()
    .replace(/[:：.。\s]+$/, '')
    .replace(/^\s*(?:on|逢)\s+/, '');
  const pattern =
    /\s*(?:(monday|mon|tuesday|tues|tue|wednesday|wed|thursday|thurs|thur|thu|friday|fri|saturday|sat|sunday|sun)s?\b|(?:星期|週|周|礼拜|禮拜)?([一二三四五六日天])|(public holidays?|general holidays?|公眾假期|公眾假日)|(weekends?|週末|周末)|(weekdays?)|(to|至|-|–|—|~)|(and|&|,|，|、|及|和|\/))\s*/y;
  let at = 0;
  while (at < source.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (!match) return null;
    at = pattern.lastIndex;
    if (match[1]) tokens.push(EN_DAYS[match[1]] ?? 'and');
    else if (match[2]) tokens.push(ZH_DAYS[match[2]] ?? 'and');
    else if (match[3]) tokens.push('holiday');
    else if (match[4]) tokens.push('weekend');
    else if (match[5]) tokens.push('weekdays');
    else if (match[6]) tokens.push('to');
    else tokens.push('and');
  }
  const days = new Set<Weekday>();
  let holidays = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token === 'holiday') {
      holidays = true;
    } else if (token === 'weekend') {
      days.add('sat');
      days.add('sun');
    } else if (token === 'weekdays') {
      for (const day of WEEKDAYS.slice(0, 5)) days.add(day);
    } else if (token !== 'to' && token !== 'and' && token !== undefined) {
      const next = tokens[i + 1];
      const end = tokens[i + 2];
      if (
        next === 'to' &&
        end !== undefined &&
        end !== 'to' &&
        end !== 'and' &&
        end !== 'holiday' &&
        end !== 'weekend' &&
        end !== 'weekdays'
      ) {
        const from = WEEKDAYS.indexOf(token);
        const to = WEEKDAYS.indexOf(end);
        if (to < from) return null;
        for (let d = from; d <= to; d += 1) days.add(WEEKDAYS[d] ?? 'mon');
        i += 2;
      } else {
        days.add(token);
      }
    } else if (i === 0 || i === tokens.length - 1) {
      return null;
    }
  }
  if (days.size === 0 && !holidays) return null;
  return { days: WEEKDAYS.filter((day) => days.has(day)), holidays };
}

// ---------------------------------------------------------------- times

const EN_TIME = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?|noon)?`;
const ZH_TIME = String.raw`(上午|早上|中午|下午|黃昏|晚上|夜晚)?\s*(\d{1,2})(?:[:：](\d{2})|[時时](?:(\d{1,2})分)?)`;
const SEPARATOR = String.raw`\s*(?:-|–|—|~|to|至)\s*`;
const EN_RANGE = new RegExp(`${EN_TIME}${SEPARATOR}${EN_TIME}`, 'gi');
const ZH_RANGE = new RegExp(`${ZH_TIME}${SEPARATOR}${ZH_TIME}`, 'g');
/** Words that may stand before or between ranges and mean nothing more than the range itself. */
const FILLER =
  /\b(?:morning|afternoon|evening|night|am session|pm session|session)\b|上午|下午|早上|中午|黃昏|晚上|夜晚|[-–:：,，、\s]|\band\b|及/gi;

function clock(hours: number, minutes: number): string | null {
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return null;
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

function enClock(h: U, m: U, suffix: U) {
  let hours = Number(h);
  const minutes = Number(m ?? '0');
  const marker = suffix?.toLowerCase().replace(/\./g, '');
  if (marker === 'pm' && hours < 12) hours += 12;
  if (marker === 'am' && hours === 12) hours = 0;
  if (marker === undefined && m === undefined) return null; // a bare "9" is not a time
  return clock(hours, minutes);
}

function zhClock(period: string | undefined, h: string | undefined, m: string | undefined) {
  let hours = Number(h);
  const minutes = Number(m);
  if (
    (period === '下午' || period === '黃昏' || period === '晚上' || period === '夜晚') &&
    hours < 12
  ) {
    hours += 12;
  }
  if ((period === '上午' || period === '早上') && hours === 12) hours = 0;
  return clock(hours, minutes);
}

/** A regular expression group: undefined when its optional part did not match. */
type U = string | undefined;

/** The time ranges in a line and what is left of the line around them. */
function extractRanges(line: string): { ranges: TimeRange[]; rest: string; bad: boolean } {
  const ranges: TimeRange[] = [];
  let bad = false;
  let rest = line.replace(
    ZH_RANGE,
    (_all, p1: U, h1: U, m1: U, n1: U, p2: U, h2: U, m2: U, n2: U) => {
      // "上午8:30", "上午8時30分", "下午1時" (時 alone is the full hour).
      const from = zhClock(p1, h1, m1 ?? n1 ?? '0');
      // "下午1:45 至 4:30": the end's period is the start's when it is left out.
      const to = zhClock(p2 ?? p1, h2, m2 ?? n2 ?? '0');
      if (from === null || to === null) bad = true;
      else ranges.push(toRange(from, to));
      return ' ';
    },
  );
  rest = rest.replace(EN_RANGE, (all: string, h1: U, m1: U, s1: U, h2: U, m2: U, s2: U) => {
    // "9-5" with no minutes and no am/pm is not read as hours.
    if (s1 === undefined && s2 === undefined && (m1 === undefined || m2 === undefined)) return all;
    // "9:00 - 1:00pm": the start takes the end's marker only when that keeps it before the end.
    let from = enClock(h1, m1, s1);
    if (s1 === undefined && s2 !== undefined) {
      const asAm = enClock(h1, m1 ?? '00', 'am');
      const asEnd = enClock(h1, m1 ?? '00', s2);
      const end = enClock(h2, m2, s2);
      from = asEnd !== null && end !== null && asEnd < end ? asEnd : asAm;
    }
    const to = enClock(h2, m2, s2 ?? s1);
    if (from === null || to === null) bad = true;
    else ranges.push(toRange(from, to));
    return ' ';
  });
  return { ranges, rest, bad };
}

function toRange(from: string, to: string): TimeRange {
  // A range ending at midnight is written "12:00am" / "上午12:00"; the shape says 24:00.
  return { from, to: to === '00:00' ? '24:00' : to };
}

// ---------------------------------------------------------------- blocks

const CLOSED = /\b(?:closed|close)\b|休息|休診|暫停|關閉/i;

/** "Except weekend and public holidays." / "六、日及公眾假期休息" / "Sunday : Closed". */
const EXCEPT = /^\s*(?:except|excluding|closed on)\b\s*/i;
/** "2nd & 4th non-Public Holiday Saturdays of each month", "每月第二及第四個星期六". */
const NTH = /\b(?:1st|2nd|3rd|4th|5th|first|second|third|fourth|last)\b|每月|第[一二三四五]/i;

/** The days a closing clause names, or null when the text is not one. */
function closingDays(text: string): { days: Weekday[]; holidays: boolean } | null {
  const except = EXCEPT.test(text);
  if (!except && !CLOSED.test(text)) return null;
  const body = text
    .replace(EXCEPT, '')
    .replace(CLOSED, '')
    .replace(/\bon\b|逢/gi, '')
    .replace(/[:：]/g, ' ')
    .trim();
  return parseDays(body);
}

/** The bracketed parts of a line, and the line without them. */
function splitBrackets(line: string): { outside: string; inside: string[] } {
  const inside: string[] = [];
  const outside = line.replace(/\(([^()]*)\)|（([^（）]*)）/g, (_all, a: U, b: U) => {
    const text = (a ?? b ?? '').trim();
    if (text !== '') inside.push(text);
    return ' ';
  });
  return { outside, inside };
}

/** The day words left around a line's times: colons, commas and a trailing "and" dropped. */
function dayPart(rest: string): string {
  return rest
    .replace(/[:：]/g, ' ')
    .replace(/^(?:[\s,，、]|\band\b|及|&)+|(?:[\s,，、]|\band\b|及|&)+$/gi, '')
    .trim();
}

/**
 * Reads one block of lines into weekly hours, or says which line it could not read. Times
 * without any day are every day (decision 301); a closing clause ("Except weekend and public
 * holidays.", "(六、日及公眾假期休息)", "(Saturday, Sunday and Public Holiday : Closed)")
 * closes its days whichever line it is on; a nth-weekday rule and any other bracketed text is
 * kept as a note beside the week.
 */
function parseBlock(lines: string[]): {
  hours: OpeningHours | null;
  notes: string[];
  problem: string | null;
} {
  const weekly: Record<Weekday, TimeRange[]> = {
    mon: [],
    tue: [],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  };
  const notes: string[] = [];
  const closed = new Set<Weekday>();
  let current: Weekday[] | null = null;
  let currentHolidays = false;
  let holidayOpen = false;
  let closedOnHolidays = false;
  let inNthRule = false;
  let any = false;
  const fail = (problem: string) => ({ hours: null, notes, problem });
  for (const line of lines) {
    const { outside, inside } = splitBrackets(line);
    for (const part of inside) {
      const days = closingDays(part);
      if (days !== null) {
        for (const day of days.days) closed.add(day);
        if (days.holidays) closedOnHolidays = true;
      } else {
        notes.push(part);
      }
    }
    if (NTH.test(outside)) {
      // A rule the weekly shape cannot hold: kept as a note with the times that follow it.
      notes.push(outside.trim());
      inNthRule = extractRanges(outside).ranges.length === 0;
      continue;
    }
    const { ranges, rest, bad } = extractRanges(outside);
    if (bad) return fail(`unreadable time in "${line}"`);
    const residue = dayPart(rest);
    if (residue === '' && ranges.length === 0) continue;
    const closing = closingDays(residue);
    if (closing !== null && ranges.length === 0) {
      for (const day of closing.days) closed.add(day);
      if (closing.holidays) closedOnHolidays = true;
      current = null;
      inNthRule = false;
      continue;
    }
    const leftover = residue.replace(FILLER, '');
    if (leftover !== '') {
      const days = parseDays(residue);
      if (days === null) return fail(`unreadable line "${line}"`);
      current = days.days;
      currentHolidays = days.holidays;
      inNthRule = false;
    }
    if (ranges.length > 0) {
      if (inNthRule) {
        notes[notes.length - 1] = `${notes[notes.length - 1] ?? ''} ${outside.trim()}`;
        continue;
      }
      // Times with no day before them: every day of the week (decision 301).
      const days = current ?? [...WEEKDAYS];
      for (const day of days) weekly[day].push(...ranges);
      if (currentHolidays) holidayOpen = true;
      any = true;
    }
  }
  if (!any) return fail('no opening times found');
  for (const day of closed) weekly[day] = [];
  const sorted = Object.fromEntries(
    WEEKDAYS.map((day) => [day, [...weekly[day]].sort((a, b) => a.from.localeCompare(b.from))]),
  ) as Record<Weekday, TimeRange[]>;
  const candidate = {
    weekly: sorted,
    closedOnPublicHolidays: closedOnHolidays || !holidayOpen,
    exceptions: [],
  };
  const parsed = OpeningHoursSchema.safeParse(candidate);
  if (!parsed.success) return fail('times overlap or run backwards');
  return { hours: parsed.data, notes, problem: null };
}

/** Splits the lines at "Registration Hours :" / "Consultation Hours :" headers. */
function splitBlocks(lines: string[]): { registration: string[] | null; consultation: string[] } {
  const registrationAt = lines.findIndex((line) => REGISTRATION.test(line));
  const consultationAt = lines.findIndex((line) => CONSULTATION.test(line));
  if (registrationAt < 0) {
    return { registration: null, consultation: lines.filter((line) => !CONSULTATION.test(line)) };
  }
  if (consultationAt < 0) return { registration: lines, consultation: [] };
  const registration =
    registrationAt < consultationAt
      ? lines.slice(registrationAt, consultationAt)
      : lines.slice(registrationAt);
  const consultation =
    consultationAt < registrationAt
      ? lines.slice(consultationAt + 1, registrationAt)
      : lines.slice(consultationAt + 1);
  return { registration, consultation };
}

interface SideResult {
  hours: OpeningHours | null;
  note: string | null;
  text: string | null;
  problem: string | null;
}

function parseSide(raw: string | null | undefined): SideResult | null {
  if (isMissing(raw)) return null;
  const lines = hoursLines(raw ?? '');
  if (lines.length === 0) return null;
  const { registration, consultation } = splitBlocks(lines);
  const note = registration ? registration.join('\n') : null;
  if (consultation.length === 0) {
    return { hours: null, note, text: lines.join('\n'), problem: 'no consultation hours found' };
  }
  const { hours, notes, problem } = parseBlock(consultation);
  const allNotes = [...(note ? [note] : []), ...(hours ? notes : [])];
  return {
    hours,
    note: allNotes.length > 0 ? allNotes.join('\n') : null,
    text: hours ? null : lines.join('\n'),
    problem,
  };
}

function sameHours(a: OpeningHours, b: OpeningHours): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Reads a venue's hours from its English and Chinese texts (either may be missing or "N.A.").
 * The English text's hours win when both are readable; when the two disagree, or neither can be
 * read, the texts are kept as `hoursText` and the problem is reported.
 */
export function parseHours(
  en: string | null | undefined,
  zh: string | null | undefined,
): ParsedHours {
  const english = parseSide(en);
  const chinese = parseSide(zh);
  const problems: string[] = [];
  if (english?.problem) problems.push(`English: ${english.problem}`);
  if (chinese?.problem) problems.push(`Chinese: ${chinese.problem}`);
  const hoursNote =
    english?.note || chinese?.note
      ? { en: english?.note ?? null, zh: chinese?.note ?? null }
      : null;
  let openingHours = english?.hours ?? chinese?.hours ?? null;
  if (english?.hours && chinese?.hours && !sameHours(english.hours, chinese.hours)) {
    problems.push('the English and Chinese hours differ');
    openingHours = null;
  }
  const unreadable = openingHours === null && (english !== null || chinese !== null);
  const hoursText = unreadable
    ? {
        en: english ? (english.text ?? hoursLines(en ?? '').join('\n')) : null,
        zh: chinese ? (chinese.text ?? hoursLines(zh ?? '').join('\n')) : null,
      }
    : null;
  return { openingHours, hoursNote, hoursText, problems: unreadable ? problems : [] };
}

// ---------------------------------------------------------------- printing

const EN_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const ZH_NAMES: Record<Weekday, string> = {
  mon: '星期一',
  tue: '星期二',
  wed: '星期三',
  thu: '星期四',
  fri: '星期五',
  sat: '星期六',
  sun: '星期日',
};

function printClock(value: string, language: 'en' | 'zh'): string {
  const [h = 0, m = 0] = value.split(':').map(Number);
  const hours = h % 24;
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(m).padStart(2, '0');
  if (language === 'en') return `${twelve}:${minutes}${hours < 12 ? 'am' : 'pm'}`;
  return `${hours < 12 ? '上午' : '下午'}${twelve}:${minutes}`;
}

/**
 * Writes weekly hours back as text the parser reads ("Monday to Friday 9:00am - 1:00pm,
 * 2:00pm - 5:00pm"), days with the same times grouped; dated exceptions are not printed.
 */
export function printHours(hours: OpeningHours, language: 'en' | 'zh'): string {
  const names = language === 'en' ? EN_NAMES : ZH_NAMES;
  const groups: { days: Weekday[]; ranges: TimeRange[] }[] = [];
  for (const day of WEEKDAYS) {
    const ranges = hours.weekly[day];
    if (ranges.length === 0) continue;
    const same = groups.find((group) => JSON.stringify(group.ranges) === JSON.stringify(ranges));
    if (same) same.days.push(day);
    else groups.push({ days: [day], ranges });
  }
  const lines = groups.map((group, index) => {
    const runs: Weekday[][] = [];
    for (const day of group.days) {
      const last = runs[runs.length - 1];
      const previous = last?.[last.length - 1];
      if (last && previous && WEEKDAYS.indexOf(previous) + 1 === WEEKDAYS.indexOf(day)) {
        last.push(day);
      } else {
        runs.push([day]);
      }
    }
    const to = language === 'en' ? ' to ' : '至';
    const and = language === 'en' ? ', ' : '、';
    let days = runs
      .map((run) =>
        run.length >= 3
          ? `${names[run[0] ?? 'mon']}${to}${names[run[run.length - 1] ?? 'sun']}`
          : run.map((day) => names[day]).join(and),
      )
      .join(and);
    if (index === 0 && !hours.closedOnPublicHolidays) {
      days += language === 'en' ? ' and Public Holidays' : '及公眾假期';
    }
    const separator = language === 'en' ? ' - ' : ' 至 ';
    const times = group.ranges
      .map(
        (range) =>
          `${printClock(range.from, language)}${separator}${printClock(range.to, language)}`,
      )
      .join(language === 'en' ? ', ' : '、');
    return `${days} ${times}`;
  });
  if (hours.closedOnPublicHolidays) {
    lines.push(language === 'en' ? 'Closed on Public Holidays' : '公眾假期休息');
  }
  return lines.join('\n');
}
