// A phone cell as the lists write it (issue 41): several numbers split by <br>, new lines, "/",
// "、", ",", ";" or "or"; a note in brackets or an extension beside a number — "(14/F)",
// "ext. 123", "內線 123" — kept as that number's label. A note on a line of its own belongs to
// the number before it ("2417 6511<br>(14/F)<br>2417 6540<br>(12/F)": two numbers, 14/F and 12/F).
import { isValidHkPhone, normalizeHkPhone } from '@clinicpass/shared/identity/hk-phone';
import type { DoctorPhone } from '../../db/schema';
import { isMissing } from './hours-parser';

export interface ParsedPhones {
  phones: DoctorPhone[];
  /** Parts that are neither a Hong Kong number nor a note. */
  bad: string[];
}

const BRACKETED = /[(（]([^()（）]*)[)）]/g;
const EXTENSION = /(?:^|\s|,)\s*((?:ext\.?|extension|x|內線|轉)\s*\d{1,6})\s*$/i;

/** Splits at separators outside brackets: "(14/F)" stays whole. */
function splitOutsideBrackets(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  const flush = () => {
    parts.push(current);
    current = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === '(' || char === '（') depth += 1;
    if ((char === ')' || char === '）') && depth > 0) depth -= 1;
    if (depth === 0 && /[\n/、,;，；]/.test(char)) {
      flush();
      continue;
    }
    if (depth === 0 && /^\s+(?:or|或)\s+/i.test(text.slice(i))) {
      const match = /^\s+(?:or|或)\s+/i.exec(text.slice(i));
      flush();
      i += (match?.[0].length ?? 1) - 1;
      continue;
    }
    current += char;
  }
  flush();
  return parts.map((part) => part.trim()).filter((part) => part !== '' && !isMissing(part));
}

function label(notes: string[]): string | undefined {
  const text = notes
    .map((note) => note.replace(/\s+/g, ' ').trim())
    .filter((note) => note !== '')
    .join(', ');
  return text === '' ? undefined : text;
}

export function parsePhones(text: string): ParsedPhones {
  const lines = text.replace(/<\s*\/?\s*br\s*\/?\s*>/gi, '\n').replace(/<[^>]*>/g, '');
  const phones: DoctorPhone[] = [];
  const bad: string[] = [];
  for (const part of splitOutsideBrackets(lines)) {
    const notes: string[] = [];
    let rest = part.replace(BRACKETED, (_all, inner: string) => {
      notes.push(inner);
      return ' ';
    });
    const extension = EXTENSION.exec(rest);
    if (extension) {
      notes.push(
        (extension[1] ?? '').replace(/^(?:ext\.?|extension|x)\s*/i, 'ext. ').replace(/\s+/g, ' '),
      );
      rest = rest.slice(0, extension.index);
    }
    rest = rest.trim();
    if (rest === '') {
      // A note alone: the label of the number before it.
      const previous = phones.at(-1);
      if (previous && notes.length > 0) {
        const joined = label([previous.label ?? '', ...notes]);
        if (joined !== undefined) previous.label = joined;
      } else {
        bad.push(part);
      }
      continue;
    }
    const e164 = isValidHkPhone(rest) ? normalizeHkPhone(rest) : null;
    if (e164 === null) {
      bad.push(part);
      continue;
    }
    const noteText = label(notes);
    phones.push({ no: e164.replace(/^\+852/, ''), ...(noteText ? { label: noteText } : {}) });
  }
  return { phones, bad };
}
