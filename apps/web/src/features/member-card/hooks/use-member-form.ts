// The member card form's state without a form library (decision 207): four values, the rules'
// messages, and react-hook-form's `onTouched` behaviour that the form had: a field is checked
// when it loses focus, then as it changes; a submit checks them all and focuses the first wrong
// one. react-hook-form was ~14 KiB of the form's first load for this. A press in the form holds
// the checks of the field it leaves until it is released (decision 235).
import { useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';

import type { MemberFormValues } from '../lib/member-form-schema';

// The rules carry the phone rules (libphonenumber-js): a chunk of their own, fetched once the
// member starts on the form (the first focus or touch) rather than as it opens, so a page opened
// and not yet used loads none of it (decision 203); checking waits for it if it must.
export const loadRules = () => import('../lib/member-form-schema');

type Field = keyof MemberFormValues;
type TextField = Exclude<Field, 'identifyBy'>;
/** Each field's first message (a validation catalogue code or a `member-card` key). */
export type MemberFormErrors = Partial<Record<Field, string>>;

const EMPTY: MemberFormValues = { identifyBy: 'hkid', hkid: '', memberCode: '', phone: '' };
/** The order of the fields on the page: a submit focuses the first wrong one. */
const ORDER: readonly TextField[] = ['hkid', 'memberCode', 'phone'];

type Rules = Awaited<ReturnType<typeof loadRules>>;

/** The rules' verdict: the values as the rules read them (phone trimmed), or the messages. */
function check(
  { memberFormSchema }: Rules,
  values: MemberFormValues,
): { data: MemberFormValues; errors: null } | { data: null; errors: MemberFormErrors } {
  const result = memberFormSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: MemberFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

export function useMemberForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<MemberFormErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // The values as last typed (state lags a render behind), touched fields, the inputs.
  const latest = useRef(values);
  const touched = useRef(new Set<Field>());
  const inputs = useRef<Partial<Record<TextField, HTMLInputElement | null>>>({});

  const update = (next: MemberFormValues) => {
    latest.current = next;
    setValues(next);
  };

  // Fields left while a press in the form is held: checked once it is released (`holdChecks`).
  const held = useRef<Set<Field> | null>(null);

  /**
   * Checks one field once the rules are loaded, against the values then: a field left before
   * they arrived is still checked, however much was typed meanwhile.
   */
  const recheck = async (field: Field) => {
    const rules = await loadRules();
    const { errors: found } = check(rules, latest.current);
    setErrors((current) => ({ ...current, [field]: found?.[field] }));
  };

  /**
   * The form's pointer-down handler. A message appearing under the field being left moves what
   * stands below it: with a mouse, the press on "Access member QR code" blurs the field and its
   * message pushed the button down before the release, so the click was lost (the press and the
   * release were on different elements). The fields left during a press are checked after its
   * release and its click; a submit checks every field anyway.
   */
  const holdChecks = () => {
    if (held.current !== null) return;
    const waiting = new Set<Field>();
    held.current = waiting;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // A task later: the release's click is dispatched first.
      setTimeout(() => {
        held.current = null;
        for (const name of waiting) void recheck(name);
      }, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };

  /** What a text field needs: its value, its handlers and its input's ref. */
  const field = (name: TextField) => ({
    name,
    value: values[name],
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...latest.current, [name]: event.target.value };
      update(next);
      if (touched.current.has(name)) void recheck(name);
    },
    onBlur: () => {
      touched.current.add(name);
      if (held.current === null) void recheck(name);
      else held.current.add(name);
    },
  });

  const setIdentifyBy = (identifyBy: MemberFormValues['identifyBy']) => {
    update({ ...latest.current, identifyBy });
  };

  /** The form's submit handler: checks everything, then hands valid values to `onValid`. */
  const handleSubmit =
    (onValid: (values: MemberFormValues) => Promise<void>) => async (event: SyntheticEvent) => {
      event.preventDefault();
      setSubmitting(true);
      try {
        const { data, errors: found } = check(await loadRules(), latest.current);
        for (const name of ORDER) touched.current.add(name);
        setErrors(found ?? {});
        if (found !== null) {
          const first = ORDER.find((name) => found[name] !== undefined && inputs.current[name]);
          if (first !== undefined) inputs.current[first]?.focus();
          return;
        }
        await onValid(data);
      } finally {
        setSubmitting(false);
      }
    };

  const reset = () => {
    update(EMPTY);
    setErrors({});
    touched.current.clear();
  };

  return { values, errors, submitting, field, setIdentifyBy, handleSubmit, holdChecks, reset };
}
