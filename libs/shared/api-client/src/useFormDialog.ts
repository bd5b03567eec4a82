import type { UseMutationResult } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { isSessionGone, serverFieldErrors, serverMessage, zodFieldErrors, type FieldErrors } from './formErrors';

/** Values a form keeps while the user types: what its inputs hold, before the schema reads them. */
export type FormValues = Record<string, unknown>;

export interface FormDialogOptions<S extends z.ZodTypeAny, V extends FormValues, TData> {
  /** The api-contract schema of the call: the same check the API makes, run before sending. */
  schema: S;
  /** What the fields hold when the dialog opens, and again after it closes. */
  initialValues: V | (() => V);
  /** Turns the form's values into the call's input (strings into numbers, a date and a time into an instant…). */
  toInput?: (values: V) => unknown;
  /** The call. Its variables are the schema's output, so the form never casts what it sends. */
  mutation: UseMutationResult<TData, unknown, z.output<S>, unknown>;
  /**
   * The dialog's own open state: closing it, by Cancelar, Esc or a success, goes through here. A
   * form that is not in a dialog (a settings tab) leaves it out: a success then only resets it.
   */
  onOpenChange?: (open: boolean) => void;
  /** After the call succeeded (a toast, a navigation…); the dialog closes and resets itself after. */
  onSuccess?: (data: TData, input: z.output<S>) => void;
  /** Keeps the dialog open after a success (a result to show, such as a one-time link). */
  stayOpen?: boolean;
  /**
   * Replaces the schema's message of a field the form says differently ('Elige la unidad que se visita').
   * A function of the values when the wording depends on them ('La renta es obligatoria' only when it is empty).
   */
  clientMessages?: FieldErrors | ((values: V) => FieldErrors);
  /**
   * The form's own checks beside the schema's (a confirmation that must match, a reason the form
   * asks for that the call leaves optional): their messages show with the schema's (over them, for
   * the same field), and nothing is sent while either finds something.
   */
  validate?: (values: V) => FieldErrors;
  /**
   * Where a schema issue that names no field (a refine over the whole input, 'Indica al menos un
   * cambio') is shown, when no field is wrong: the key of `errors` the form draws it under.
   */
  formErrorKey?: string;
  /** Called when the client check refuses the values (nothing is sent): a toast for a long form whose wrong field may be out of view. */
  onInvalid?: (errors: FieldErrors) => void;
  /**
   * Said when the API refuses the call: its message, or `failureMessage` when it sends none. A
   * 401 says nothing here (the shell signs the user out).
   */
  onFailure?: (message: string, error: unknown) => void;
  failureMessage: string;
}

export interface FormDialog<V extends FormValues> {
  values: V;
  /** Sets one value (from a select, a switch, a date picker…). */
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** The props of a text input bound to `key`: its value, its onChange and its error. */
  field: <K extends keyof V & string>(key: K) => { value: string; onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void; error: string | undefined };
  /** The props of a SelectField bound to `key`. */
  select: <K extends keyof V & string>(key: K) => { value: string | undefined; onValueChange: (value: string) => void; error: string | undefined };
  /** What is wrong with each field: the schema's messages first, then the server's. */
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** True while the call runs: the submit button shows its pending label. */
  pending: boolean;
  /** The form's onSubmit: checks with the schema, then calls; nothing is sent while a field is wrong. */
  submit: (event?: FormEvent) => void;
  /** The Dialog's onOpenChange: closing resets the values, the errors and the call. */
  onOpenChange: (open: boolean) => void;
  /** Closes (and resets) the dialog: the Cancelar button. */
  close: () => void;
  reset: () => void;
}

const initial = <V>(values: V | (() => V)): V => (typeof values === 'function' ? (values as () => V)() : values);

/**
 * The one form pattern of the product (issue 31): a dialog's values, its client check with the
 * shared schema, the server's field errors, the pending state and the reset on close, so that no
 * dialog writes that plumbing again. The dialog draws its fields with `field`/`select` inside the
 * ui `Form`, and passes `onOpenChange` to its `Dialog`. A form outside a dialog uses it the same
 * way, without `onOpenChange` (and with `stayOpen` when its values should stay after saving).
 */
export function useFormDialog<S extends z.ZodTypeAny, V extends FormValues, TData = unknown>(options: FormDialogOptions<S, V, TData>): FormDialog<V> {
  const [values, setValues] = useState<V>(() => initial(options.initialValues));
  const [errors, setErrors] = useState<FieldErrors>({});
  // The latest options, so the callbacks below stay stable while the dialog re-renders.
  const latest = useRef(options);
  latest.current = options;
  const { mutation } = options;

  const reset = useCallback(() => {
    setValues(initial(latest.current.initialValues));
    setErrors({});
    latest.current.mutation.reset();
  }, []);

  const onOpenChange = useCallback(
    (open: boolean) => {
      if (!open) reset();
      latest.current.onOpenChange?.(open);
    },
    [reset],
  );

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => setValues((current) => ({ ...current, [key]: value })), []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const { schema, toInput, onSuccess, stayOpen, onFailure, failureMessage, validate, formErrorKey } = latest.current;
    const own = Object.fromEntries(Object.entries(validate?.(values) ?? {}).filter(([, message]) => message)) as FieldErrors;
    const parsed = schema.safeParse(toInput ? toInput(values) : values);
    if (!parsed.success || Object.keys(own).length) {
      const found = parsed.success ? {} : zodFieldErrors(parsed.error);
      const clientMessages = typeof latest.current.clientMessages === 'function' ? latest.current.clientMessages(values) : latest.current.clientMessages;
      for (const key of Object.keys(found)) if (clientMessages?.[key]) found[key] = clientMessages[key];
      if (!parsed.success && formErrorKey && Object.keys(found).length === 0) found[formErrorKey] = parsed.error.issues[0]?.message;
      const errors = { ...found, ...own };
      setErrors(errors);
      latest.current.onInvalid?.(errors);
      return;
    }
    setErrors({});
    const input = parsed.data as z.output<S>;
    mutation.mutate(input, {
      onSuccess: (data) => {
        onSuccess?.(data, input);
        if (!stayOpen) onOpenChange(false);
      },
      onError: (error) => {
        if (isSessionGone(error)) return;
        setErrors(serverFieldErrors(error));
        onFailure?.(serverMessage(error) ?? failureMessage, error);
      },
    });
  };

  return {
    values,
    set,
    field: (key) => ({
      value: String(values[key] ?? ''),
      onChange: (event) => set(key, event.target.value as V[typeof key]),
      error: errors[key],
    }),
    select: (key) => ({
      value: values[key] === '' || values[key] == null ? undefined : String(values[key]),
      onValueChange: (value) => set(key, value as V[typeof key]),
      error: errors[key],
    }),
    errors,
    setErrors,
    pending: mutation.isPending,
    submit,
    onOpenChange,
    close: () => onOpenChange(false),
    reset,
  };
}
