import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { Option } from '../../domain/reference.js';
import { FieldFrame, useFieldValue, type FieldProps } from './field-frame.js';

/** What a field passes on to its control (autoComplete, inputMode, min, rows…): the kit owns the rest. */
type Passed<A> = Omit<A, 'form' | 'name' | 'id' | 'value' | 'defaultValue' | 'onChange' | 'required' | 'readOnly' | 'children'>;

export type TextFieldProps = FieldProps &
  Passed<InputHTMLAttributes<HTMLInputElement>> & {
    type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search';
    /** Shown under the input (a new password's strength meter). */
    children?: ReactNode;
  };

/** A one-line text. */
export function TextField({ form, name, label, hint, required, readOnly, defaultValue, children, type = 'text', ...input }: TextFieldProps) {
  const value = useFieldValue({ form, name, defaultValue });
  const error = form.errors[name];
  return (
    <FieldFrame
      label={label}
      hint={hint}
      required={required}
      error={error}
      control={(ids) => (
        <input
          {...input}
          {...ids.control}
          type={type}
          value={value}
          required={required}
          readOnly={readOnly}
          onChange={(event) => form.set(name, event.target.value)}
        />
      )}
    >
      {children}
    </FieldFrame>
  );
}

export type TextareaFieldProps = FieldProps & Passed<TextareaHTMLAttributes<HTMLTextAreaElement>>;

/** A text of several lines. */
export function TextareaField({ form, name, label, hint, required, readOnly, defaultValue, rows = 5, ...textarea }: TextareaFieldProps) {
  const value = useFieldValue({ form, name, defaultValue });
  const error = form.errors[name];
  return (
    <FieldFrame
      label={label}
      hint={hint}
      required={required}
      error={error}
      control={(ids) => (
        <textarea
          {...textarea}
          {...ids.control}
          rows={rows}
          value={value}
          required={required}
          readOnly={readOnly}
          onChange={(event) => form.set(name, event.target.value)}
        />
      )}
    />
  );
}

export type SelectFieldProps = FieldProps &
  Omit<Passed<SelectHTMLAttributes<HTMLSelectElement>>, 'multiple'> & {
    options: readonly Option[];
    /** The first, empty choice (« Choisissez… »); without it the list starts on its first option. */
    placeholder?: string;
  };

/** One choice in a list. Read-only, it keeps its choice and offers no other. */
export function SelectField({ form, name, label, hint, required, readOnly, defaultValue, options, placeholder, ...select }: SelectFieldProps) {
  const value = useFieldValue({ form, name, defaultValue: defaultValue ?? (placeholder === undefined ? options[0]?.value : undefined) });
  const error = form.errors[name];
  return (
    <FieldFrame
      label={label}
      hint={hint}
      required={required}
      error={error}
      control={(ids) => (
        <select
          {...select}
          {...ids.control}
          value={value}
          required={required}
          onChange={(event) => form.set(name, event.target.value)}
        >
          {placeholder !== undefined && (
            <option value="" disabled={readOnly && value !== ''}>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={readOnly && option.value !== value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export type DateFieldProps = FieldProps &
  Passed<InputHTMLAttributes<HTMLInputElement>> & {
    min?: string;
    max?: string;
    /** A day and its time (the browser's datetime-local input): the value is then 'YYYY-MM-DDTHH:mm'. */
    time?: boolean;
    /** A whole month (the browser's month input): the value is then 'YYYY-MM'. */
    month?: boolean;
  };

/** A calendar day, picked with the browser's own date input: its value is 'YYYY-MM-DD' ('' until one is chosen). */
export function DateField({ form, name, label, hint, required, readOnly, defaultValue, time = false, month = false, ...input }: DateFieldProps) {
  const value = useFieldValue({ form, name, defaultValue });
  const error = form.errors[name];
  return (
    <FieldFrame
      label={label}
      hint={hint}
      required={required}
      error={error}
      control={(ids) => (
        <input
          {...input}
          {...ids.control}
          type={time ? 'datetime-local' : month ? 'month' : 'date'}
          value={value}
          required={required}
          readOnly={readOnly}
          onChange={(event) => form.set(name, event.target.value)}
        />
      )}
    />
  );
}
