// A form of text fields checked by a zod schema, without a form library (decision 238), with
// react-hook-form's default behaviour that such a form had: nothing is checked until the first
// submit; from then on a field is checked again as it changes; a submit checks every field,
// focuses the first wrong one, or hands the schema's output to the handler. react-hook-form's
// `useForm` marks itself ready in a layout effect, so the page that mounts it renders a second
// time, synchronously, in the task that commits it, with every effect waiting to run.
import { useRef, useState, type BaseSyntheticEvent, type ChangeEvent } from 'react';
import type { z } from 'zod';

/** Each field's first message (the schema's issue message: a validation key). */
export type SchemaFormErrors<Name extends string> = Partial<Record<Name, string>>;

export function useSchemaForm<Name extends string, Output>(
  schema: z.ZodType<Output, Record<Name, string>>,
  initial: Record<Name, string>,
  /** The fields in the page's order: a submit focuses the first wrong one. */
  order: readonly Name[],
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SchemaFormErrors<Name>>({});
  const [submitting, setSubmitting] = useState(false);
  // The values as last typed (state lags a render behind), whether a submit was tried, the inputs.
  const latest = useRef(values);
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});

  const check = (
    checked: Record<Name, string>,
  ): { ok: true; data: Output } | { ok: false; errors: SchemaFormErrors<Name> } => {
    const result = schema.safeParse(checked);
    if (result.success) return { ok: true, data: result.data };
    const found: SchemaFormErrors<Name> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as Name;
      found[name] ??= issue.message;
    }
    return { ok: false, errors: found };
  };

  /**
   * What a text field needs: its value, its change handler, its input's ref and its message.
   * The member card form's hook has the same few lines, kept apart on purpose: a module the two
   * pages shared would be a chunk of its own, one more request on the counter's page.
   */
  const field = (name: Name) => ({
    name,
    value: values[name],
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...latest.current, [name]: event.target.value };
      latest.current = next;
      setValues(next);
      if (!submitted.current) return;
      const checked = check(next);
      setErrors((current) => ({
        ...current,
        [name]: checked.ok ? undefined : checked.errors[name],
      }));
    },
    fieldError: errors[name] === undefined ? undefined : { message: errors[name] },
  });

  /** The form's submit handler: checks every field, then hands the output to `onValid`. */
  const handleSubmit =
    (onValid: (output: Output) => Promise<void>) => async (event: BaseSyntheticEvent) => {
      event.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const checked = check(latest.current);
        setErrors(checked.ok ? {} : checked.errors);
        if (!checked.ok) {
          const found = checked.errors;
          const first = order.find((name) => found[name] !== undefined);
          if (first !== undefined) inputs.current[first]?.focus();
          return;
        }
        await onValid(checked.data);
      } finally {
        setSubmitting(false);
      }
    };

  return { values, errors, submitting, field, handleSubmit };
}
