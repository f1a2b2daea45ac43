import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { FieldFrame, useFieldValue, type FieldProps } from './field-frame.js';
import { applyMask, keepMoney, keepNumeric } from './filters.js';

type Passed = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name' | 'id' | 'value' | 'defaultValue' | 'onChange' | 'required' | 'readOnly' | 'children' | 'type'
>;

/**
 * A text input that keeps only what `filter` lets through. The caret stays after the character just typed, even
 * where the filter drops characters or writes a mask's own ones.
 */
function FilteredInput({
  form,
  name,
  label,
  hint,
  required,
  readOnly,
  defaultValue,
  filter,
  suffix,
  ...input
}: FieldProps & Passed & { filter: (typed: string) => string; suffix?: string }) {
  const value = useFieldValue({ form, name, defaultValue });
  const error = form.errors[name];
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const element = event.target;
    const kept = filter(element.value);
    if (kept !== element.value) {
      const caret = element.selectionStart === null ? kept.length : filter(element.value.slice(0, element.selectionStart)).length;
      // Written at once, so that React, finding the input already holding its value, leaves the caret alone.
      element.value = kept;
      element.setSelectionRange(caret, caret);
    }
    form.set(name, kept);
  };
  return (
    <FieldFrame
      label={label}
      hint={hint}
      required={required}
      error={error}
      control={(ids) => {
        const control = (
          <input
            autoComplete="off"
            {...input}
            id={ids.id}
            type="text"
            value={value}
            required={required}
            readOnly={readOnly}
            aria-invalid={ids.invalid}
            aria-describedby={[ids.describedBy, suffix ? `${ids.id}-suffix` : null].filter(Boolean).join(' ') || undefined}
            onChange={onChange}
          />
        );
        return suffix ? (
          <div className="ui-field__with-suffix">
            {control}
            <span id={`${ids.id}-suffix`} className="ui-field__suffix">
              {suffix}
            </span>
          </div>
        ) : (
          control
        );
      }}
    />
  );
}

export type NumericFieldProps = FieldProps & Passed & { /** Lets a minus sign lead the number. */ negative?: boolean };

/**
 * A number as a person types it: digits, spaces, a period or a comma, and a leading minus when `negative`
 * (spec section 5). Its value is that text: `parseNumber` (common/domain) or the form's schema reads it.
 */
export function NumericField({ negative = false, ...props }: NumericFieldProps) {
  // Phones' decimal keypads have no minus sign: a negative number needs the full keyboard.
  return <FilteredInput inputMode={negative ? 'text' : 'decimal'} {...props} filter={(typed) => keepNumeric(typed, negative)} />;
}

export type MoneyFieldProps = NumericFieldProps;

/**
 * An amount in euros, written as French does (« 1 250,50 »: a decimal comma, at most two decimals), « € » after it.
 * Its value is that text, which the form's schema reads.
 */
export function MoneyField({ negative = false, ...props }: MoneyFieldProps) {
  return <FilteredInput inputMode={negative ? 'text' : 'decimal'} {...props} suffix="€" filter={(typed) => keepMoney(typed, negative)} />;
}

export type MaskedFieldProps = FieldProps &
  Passed & {
    /** '9' a digit, 'a' a letter, '*' a letter or a digit; other characters are written as they are: '99 99 99 99 99'. */
    mask: string;
  };

/** A value of a fixed shape (a phone number, a postcode): what is typed fills the mask's slots. */
export function MaskedField({ mask, ...props }: MaskedFieldProps) {
  const digitsOnly = /^[^a*]*$/.test(mask);
  return <FilteredInput inputMode={digitsOnly ? 'numeric' : 'text'} {...props} filter={(typed) => applyMask(mask, typed)} />;
}
