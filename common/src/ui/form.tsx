import { useCallback, type ChangeEvent, type FormEvent } from 'react';
import { validate, type Schema } from '../domain/validation.js';
import { fieldChanged, formSubmitted, selectForm, useAppDispatch, useAppSelector } from '../store/index.js';

export type Checks = Record<string, (value: string, values: Record<string, string>) => string | null>;

/** What a form checks: the schema of its request (common/domain), which its values must pass, or a check per field. */
export type FormRules = Schema | Checks;

const isSchema = (rules: FormRules): rules is Schema => '_zod' in rules;

function problemsOf(rules: FormRules, values: Record<string, string>): Record<string, string> {
  if (isSchema(rules)) {
    const result = validate(rules, values);
    return result.success ? {} : result.fields;
  }
  const errors: Record<string, string> = {};
  for (const [field, check] of Object.entries(rules)) {
    const problem = check(values[field] ?? '', values);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/**
 * A form whose values live in the store under its name. Errors show once the form is submitted
 * (never while typing, nor on leaving a field: a message appearing then would move the button
 * being clicked), and editing a field clears its error.
 */
export function useForm(name: string, rules: FormRules = {}) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => selectForm(root, name));

  const value = (field: string) => state.values[field] ?? '';

  /** Sets a field as the person typed it (the kit's fields filter it first); clears its error. */
  const set = (field: string, next: string) => dispatch(fieldChanged({ form: name, field, value: next }));

  const bind = (field: string) => ({
    name: field,
    value: value(field),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(field, event.target.value),
  });

  /** Runs the checks; returns the values when they pass, else shows the errors and returns null. */
  const submit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      const errors = problemsOf(rules, state.values);
      dispatch(formSubmitted({ form: name, errors }));
      return Object.keys(errors).length === 0 ? state.values : null;
    },
    [rules, dispatch, name, state.values],
  );

  /** Shows the server's field errors, as after a submission. */
  const showErrors = (errors: Record<string, string>) => dispatch(formSubmitted({ form: name, errors }));

  return { values: state.values, value, set, bind, submit, showErrors, errors: state.errors, source: state.source };
}
