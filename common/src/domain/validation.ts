/**
 * Checking a value against one of the domain's schemas, the same way in the API (its request pipe) and in the forms:
 * the first French message of each field. This module loads no zod itself (it only calls the schema's own method),
 * so that the UI kit can use it without a copy of zod of its own.
 */
import type { ZodMiniType, core } from 'zod/mini';

/** A schema of the domain (built with `zod/mini`), whose parse gives a `T`. */
export type Schema<T = unknown> = ZodMiniType<T, unknown>;

export const UNEXPECTED_FIELD = "Ce champ n'est pas attendu.";

/**
 * Messages for what a schema leaves unsaid: a field it does not know of, and, should a schema forget a message, a
 * value of the wrong kind (never zod's English).
 */
function fallbackMessage(issue: core.$ZodRawIssue): string {
  return issue.code === 'unrecognized_keys' ? UNEXPECTED_FIELD : "Cette valeur n'est pas valide.";
}

/** The field an issue's path names: the fields of nested objects by their dotted path (`person_1.first_name`), a list as a whole (`incomes.0` is `incomes`). */
function fieldName(path: readonly PropertyKey[]): { name: string; inList: boolean } {
  const end = path.findIndex((segment) => typeof segment !== 'string');
  return { name: (end === -1 ? path : path.slice(0, end)).map(String).join('.'), inList: end !== -1 };
}

/** By field, the first message of its issues. */
export function fieldErrors(issues: readonly core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const { name, inList } = fieldName(issue.path);
    const names = issue.code === 'unrecognized_keys' && !inList ? issue.keys.map((key) => (name ? `${name}.${key}` : key)) : name ? [name] : [];
    for (const name of names) fields[name] ??= issue.message;
  }
  return fields;
}

export type Validation<T> = { success: true; data: T } | { success: false; fields: Record<string, string> };

/** The value as the schema gives it back (trimmed, defaults filled in), or the French message of each wrong field. */
export function validate<T>(schema: Schema<T>, value: unknown): Validation<T> {
  const result = schema.safeParse(value, { error: fallbackMessage });
  return result.success ? { success: true, data: result.data } : { success: false, fields: fieldErrors(result.error.issues) };
}

/** The first message of a value under a field's schema (`newPasswordSchema.shape.password`), or null when it passes. */
export function problemOf(schema: Schema, value: unknown): string | null {
  const result = schema.safeParse(value, { error: fallbackMessage });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
