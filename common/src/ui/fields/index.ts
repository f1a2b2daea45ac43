export { type FieldProps, type FormBinding } from './field-frame.js';
export * from './choice-fields.js';
export * from './file-field.js';
export * from './filtered-fields.js';
export { applyMask, keepMoney, keepNumeric } from './filters.js';
export * from './text-fields.js';
