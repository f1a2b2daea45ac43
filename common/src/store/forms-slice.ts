import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FormState {
  values: Record<string, string>;
  /** Increases at each submission: errors show after the first one. */
  submitId: number;
  /** Errors per field, from the form's own checks or from the server. */
  errors: Record<string, string>;
  /** The saved record an edit form was filled from (formFilled), when it was. */
  source?: string;
}

const empty = (): FormState => ({ values: {}, submitId: 0, errors: {} });

/** Form values per form name and per field name, with a submit id per form (spec section 3). */
export const formsSlice = createSlice({
  name: 'forms',
  initialState: {} as Record<string, FormState>,
  reducers: {
    fieldChanged(state, action: PayloadAction<{ form: string; field: string; value: string }>) {
      const { form, field, value } = action.payload;
      const current = (state[form] ??= empty());
      current.values[field] = value;
      // Editing a field clears its displayed error.
      delete current.errors[field];
    },
    formSubmitted(state, action: PayloadAction<{ form: string; errors: Record<string, string> }>) {
      const current = (state[action.payload.form] ??= empty());
      current.submitId += 1;
      current.errors = action.payload.errors;
    },
    formReset(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
    /**
     * Starts a form afresh from saved values (an edit form opening a record, `source` naming it and its version): no
     * error, nothing typed kept.
     */
    formFilled(state, action: PayloadAction<{ form: string; values: Record<string, string>; source: string }>) {
      const { form, values, source } = action.payload;
      state[form] = { ...empty(), values: { ...values }, source };
    },
  },
  selectors: {
    selectForm: (state, form: string): FormState => state[form] ?? EMPTY_FORM,
  },
});

const EMPTY_FORM = empty();

export const { fieldChanged, formSubmitted, formReset, formFilled } = formsSlice.actions;
export const { selectForm } = formsSlice.selectors;
