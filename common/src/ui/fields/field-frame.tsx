import { useEffect, useId, type ReactNode } from 'react';
import { asksToLogIn } from '../../http/errors.js';
import { LoginLink } from '../request-error-message.js';

/**
 * What a kit field needs of its form (`useForm` gives it): the values and errors the forms store keeps for it, and a
 * way to set a field. The store holds errors only once the form was submitted (its own checks, or the server's), and
 * editing a field clears its error: a field therefore shows its error after a submission, never while the person
 * types (spec section 4).
 */
export interface FormBinding {
  values: Record<string, string>;
  errors: Record<string, string>;
  set: (field: string, value: string) => void;
}

/** What every kit field takes. */
export interface FieldProps {
  form: FormBinding;
  /**
   * The field's name in its form's values. The control itself has no name attribute: the page sends the form, never
   * the browser (a prerendered page's form sent before its script ran would put the answers in the address).
   */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the label (« * », hidden from screen readers, which hear the field's required state instead). */
  required?: boolean;
  readOnly?: boolean;
  /** The value until the person changes it; written into the store so that submitting sends it. */
  defaultValue?: string;
}

/** The field's value as the form holds it, its default until then, written into the store once mounted. */
export function useFieldValue({ form, name, defaultValue }: Pick<FieldProps, 'form' | 'name' | 'defaultValue'>): string {
  const stored = form.values[name];
  const { set } = form;
  useEffect(() => {
    if (stored === undefined && defaultValue !== undefined) set(name, defaultValue);
    // Only the first value counts, as for an uncontrolled input's defaultValue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return stored ?? defaultValue ?? '';
}

/** The ids a field's parts share, and the attributes that tie the control to its hint and error. */
export function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  return {
    id,
    hintId: `${id}-hint`,
    errorId: `${id}-error`,
    describedBy,
    invalid,
    /** What ties a control to its label, hint and error: spread on the input, textarea or select. */
    control: { id, 'aria-invalid': invalid, 'aria-describedby': describedBy },
  };
}

export function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="ui-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

export function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={id} className="ui-field__hint">
      {hint}
    </p>
  ) : null;
}

/** A field's error; the catalogue's « connexion expirée » (a field whose saving was refused for it) with its « Page de connexion » link. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="ui-field__error">
      {error}
      {asksToLogIn(error) && (
        <>
          {' '}
          <LoginLink />
        </>
      )}
    </p>
  ) : null;
}

/**
 * A labelled control: label (with the required mark), hint, the control given by `control` with its id, what
 * goes under it (`children`), and the error.
 */
export function FieldFrame({
  label,
  hint,
  required,
  error,
  className,
  control,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  error: string | undefined;
  className?: string;
  control: (ids: ReturnType<typeof useFieldIds>) => ReactNode;
  children?: ReactNode;
}) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={['ui-field', error ? 'ui-field--error' : null, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id}>
        {label}
        <RequiredMark required={required} />
      </label>
      <FieldHint id={ids.hintId} hint={hint} />
      {control(ids)}
      {children}
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
