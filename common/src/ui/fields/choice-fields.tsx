import type { ReactNode } from 'react';
import type { Option } from '../../domain/reference.js';
import { FieldError, FieldHint, RequiredMark, useFieldIds, useFieldValue, type FieldProps } from './field-frame.js';

/** The store keeps a checkbox group's choices as one text, the chosen values joined by commas. */
const SEPARATOR = ',';

/** The values chosen in a checkbox group, from the text the form holds for it. */
export function checkedValues(value: string): string[] {
  return value === '' ? [] : value.split(SEPARATOR);
}

/** What a single checkbox holds in the form when it is ticked ('' when it is not). */
export const CHECKED = 'true';

interface GroupProps extends Omit<FieldProps, 'label'> {
  /** The question the choices answer: the group's legend. */
  label: ReactNode;
  options: readonly Option[];
  /** Side by side rather than one under the other. */
  inline?: boolean;
}

function Group({
  kind,
  label,
  hint,
  required,
  error,
  inline,
  children,
}: Pick<GroupProps, 'label' | 'hint' | 'required' | 'inline'> & {
  kind: 'radio' | 'checkbox';
  error: string | undefined;
  children: (ids: ReturnType<typeof useFieldIds>) => ReactNode;
}) {
  const ids = useFieldIds(hint, error);
  return (
    <fieldset
      className={['ui-field', 'ui-choices', inline ? 'ui-choices--inline' : null, error ? 'ui-field--error' : null].filter(Boolean).join(' ')}
      // A radio group says it is required and wrong as a whole; a checkbox's own state says so.
      role={kind === 'radio' ? 'radiogroup' : undefined}
      aria-required={kind === 'radio' && required ? true : undefined}
      aria-invalid={kind === 'radio' ? ids.invalid : undefined}
      aria-describedby={ids.describedBy}
    >
      <legend>
        {label}
        <RequiredMark required={required} />
      </legend>
      <FieldHint id={ids.hintId} hint={hint} />
      <div className="ui-choices__options">{children(ids)}</div>
      <FieldError id={ids.errorId} error={error} />
    </fieldset>
  );
}

/** One choice among a few, all shown. Read-only, it keeps its choice and offers no other. */
export function RadioGroup({ form, name, label, hint, required, readOnly, defaultValue, options, inline }: GroupProps) {
  const value = useFieldValue({ form, name, defaultValue });
  const error = form.errors[name];
  return (
    <Group kind="radio" label={label} hint={hint} required={required} error={error} inline={inline}>
      {(ids) =>
        options.map((option) => (
          <label key={option.value} className="ui-choice">
            <input
              type="radio"
              // Named after the field's id: two forms of a page never share a group.
              name={`${ids.id}-${name}`}
              value={option.value}
              checked={value === option.value}
              disabled={readOnly && value !== option.value}
              onChange={() => form.set(name, option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))
      }
    </Group>
  );
}

/** Any number of choices; the form holds the chosen values joined by commas (`checkedValues` reads them). */
export function CheckboxGroup({ form, name, label, hint, required, readOnly, defaultValue, options, inline }: GroupProps) {
  const chosen = checkedValues(useFieldValue({ form, name, defaultValue }));
  const error = form.errors[name];
  const toggle = (option: string, checked: boolean) => {
    // Kept in the options' order, whatever the order of the clicks.
    const next = options.filter((each) => (each.value === option ? checked : chosen.includes(each.value))).map((each) => each.value);
    form.set(name, next.join(SEPARATOR));
  };
  return (
    <Group kind="checkbox" label={label} hint={hint} required={required} error={error} inline={inline}>
      {(ids) =>
        options.map((option) => (
          <label key={option.value} className="ui-choice">
            <input
              type="checkbox"
              value={option.value}
              checked={chosen.includes(option.value)}
              disabled={readOnly}
              aria-invalid={ids.invalid}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))
      }
    </Group>
  );
}

/** One box to tick (an agreement): the form holds `CHECKED` when it is ticked, '' when not. */
export function CheckboxField({ form, name, label, hint, required, readOnly, defaultValue }: FieldProps) {
  const checked = useFieldValue({ form, name, defaultValue }) === CHECKED;
  const error = form.errors[name];
  const ids = useFieldIds(hint, error);
  return (
    <div className={['ui-field', 'ui-checkbox-field', error ? 'ui-field--error' : null].filter(Boolean).join(' ')}>
      <div className="ui-choice">
        <input
          {...ids.control}
          type="checkbox"
          checked={checked}
          required={required}
          disabled={readOnly}
          onChange={(event) => form.set(name, event.target.checked ? CHECKED : '')}
        />
        <label htmlFor={ids.id}>
          {label}
          <RequiredMark required={required} />
        </label>
      </div>
      <FieldHint id={ids.hintId} hint={hint} />
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
