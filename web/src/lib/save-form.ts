import type { z } from 'zod';
import { toast } from '../ui/toasts/toast';
import { errorParts, fieldErrors, parseApiError, toastError } from './errors';

/**
 * The submit of an add/edit form: the values are checked with the core schema (field errors shown, nothing sent);
 * then saved. A success is toasted and handed to `onSaved`; a failure is toasted and, when `fieldOfCode` names the
 * field of its code (a name already taken…), also shown under that field — a toast alone sits behind the dialog.
 */
export async function validateAndSave<S extends z.ZodType, T, K extends string>({
  schema,
  values,
  setErrors,
  save,
  savedMessage,
  onSaved,
  fieldOfCode = {},
}: {
  schema: S;
  values: unknown;
  setErrors: (errors: Partial<Record<K, string>>) => void;
  save: (data: z.output<S>) => Promise<T>;
  savedMessage: string;
  onSaved: (saved: T) => void;
  fieldOfCode?: Partial<Record<string, K>>;
}): Promise<void> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    setErrors(fieldErrors<K>(parsed.error.issues));
    return;
  }
  setErrors({});
  let saved: T;
  try {
    saved = await save(parsed.data);
  } catch (err) {
    const field = fieldOfCode[errorParts(err).code ?? ''];
    if (field) setErrors({ [field]: parseApiError(err) } as Partial<Record<K, string>>);
    toastError(err);
    return;
  }
  toast.success(savedMessage);
  onSaved(saved);
}
