/**
 * The fields several of the domain's schemas share. The schemas use the functional `zod/mini`, imported by name or
 * as `* as z` where used and never re-exported (webpack would then keep all of zod in the pages): the pages get only
 * what the schemas use. Unlike classic zod, it never compiles parsers with `new Function`, which the pages'
 * Content-Security-Policy refuses.
 */
import * as z from 'zod/mini';
import { emailProblem } from './passwords.js';

const INVALID_EMAIL = "L'adresse e-mail n'est pas valide.";

/**
 * A schema built the first time it is used, not when its module loads. Every page loads the domain's module, and
 * building all of its schemas at once was one of the longest tasks a public page gave a phone (bench/lighthouse.md),
 * while a page uses one or two of them. What is read of it, `in` and `instanceof` included, is the built schema's. The
 * fields several schemas share (spread into each, or read one by one) are declared the same way.
 */
export function builtWhenUsed<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const built = () => (schema ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(built(), key),
    has: (_, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    // A proxy may not say a property it lacks itself cannot be changed: the built schema's are told as changeable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}

/**
 * An e-mail address under the platform's strict rule (`emailProblem`), trimmed and lower-cased; `missing` when
 * absent, empty or blank.
 */
export function emailField(missing = 'Veuillez saisir votre adresse e-mail.') {
  return z.string({ error: (issue) => (issue.input === undefined ? missing : INVALID_EMAIL) }).check(
    z.trim(),
    z.superRefine((email, context) => {
      const problem = email === '' ? missing : emailProblem(email);
      if (problem) context.addIssue(problem);
    }),
    z.toLowerCase(),
  );
}

/**
 * What a text field holds: a `name` (one line that says something with letters only), a `line` (one line: an address,
 * a reference, where digits say something too) or `lines` (a message, a note, a description: newlines and tabs are
 * the writer's own).
 */
export type TextKind = 'name' | 'line' | 'lines';

/** The longest a text may be, counted once it is cleaned and trimmed, and what is said beyond. */
export interface TextLimit {
  length: number;
  message: string;
}

/**
 * Characters that change how a text is shown without being seen: direction marks, embeddings, overrides and isolates
 * (a name shown one way and stored another), the zero-width space, the word joiner and the byte-order mark. They are
 * dropped from every text typed in a form.
 */
const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu;
/** The zero-width non-joiner and joiner: they join what is beside them (👨‍👩‍👧, scripts that need them), and only that. */
const JOINERS = /[\u200C\u200D]/gu;
/** What a joiner may stand between: letters and their marks, digits, symbols and emoji (with their presentation selector). */
const JOINED = /^[\p{L}\p{M}\p{N}\p{S}\p{Extended_Pictographic}\uFE0F]$/u;

/** The character (a whole code point) that ends just before `offset`, or that starts just after the one at `offset`. */
function neighbour(text: string, offset: number, side: -1 | 1): string {
  if (side === 1) {
    const point = text.codePointAt(offset + 1);
    return point === undefined ? '' : String.fromCodePoint(point);
  }
  const unit = text.charCodeAt(offset - 1);
  const start = unit >= 0xdc00 && unit <= 0xdfff ? offset - 2 : offset - 1;
  return start < 0 ? '' : String.fromCodePoint(text.codePointAt(start)!);
}

/** The text without its invisible characters: joiners are kept only between two characters they may join. */
function withoutInvisible(text: string): string {
  const shown = text.replace(INVISIBLE, '');
  return shown.replace(JOINERS, (joiner, offset: number) => (JOINED.test(neighbour(shown, offset, -1)) && JOINED.test(neighbour(shown, offset, 1)) ? joiner : ''));
}
/** Unicode's own line and paragraph separators: a new line in a text of several lines, refused in one line. */
const LINE_SEPARATORS = /[\u2028\u2029]/gu;
/** Control characters, NUL included, and line breaks: none is part of one line of text. */
const LINE_CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** In a text of several lines, the control characters other than tabs and newlines. */
const TEXT_CONTROL = /[^\P{Cc}\t\n\r]/u;
const CONTROL_IN_LINE = 'Ce champ ne peut contenir ni retour à la ligne, ni tabulation, ni caractère de contrôle.';
const CONTROL_IN_TEXT = 'Ce texte contient un caractère de contrôle invisible : retapez le passage copié-collé.';
/** What makes a text say something: a letter for a name, a letter or a digit for other texts. */
const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The text without its invisible characters, trimmed, then checked for controls and its length. */
function textChecks(max: TextLimit, kind: TextKind, missing?: string) {
  const lines = kind === 'lines';
  return [
    z.overwrite((text: string) => {
      const visible = withoutInvisible(text);
      return lines ? visible.replace(LINE_SEPARATORS, '\n') : visible;
    }),
    z.trim(),
    z.refine<string>((text) => !(lines ? TEXT_CONTROL : LINE_CONTROL).test(text), lines ? CONTROL_IN_TEXT : CONTROL_IN_LINE),
    ...(missing === undefined ? [] : [z.refine<string>((text) => (kind === 'name' ? LETTER : LETTER_OR_DIGIT).test(text), missing)]),
    z.maxLength(max.length, max.message),
  ];
}

/**
 * Any text a person types, as every schema of the domain takes it: without direction or zero-width characters, trimmed,
 * refused with a French message when it holds a control character (NUL included; a tab or a newline outside `lines`);
 * may be empty; `wrong` when it is not a text.
 */
export function text(wrong: string, max: TextLimit, kind: TextKind = 'line') {
  return z.string(wrong).check(...textChecks(max, kind));
}

/**
 * A text that must say something, cleaned as `text`: `missing` when absent, not a text, or without a visible letter
 * (or digit, but for a name) once cleaned — a name made only of spaces, direction marks or emoji says nothing.
 */
export function requiredText(missing: string, max: TextLimit, kind: TextKind = 'line') {
  return z.string(missing).check(...textChecks(max, kind, missing));
}

/** What a name a device gave may hold that no one reads: control, format (direction, zero-width) and line-separator characters. */
const UNSEEN_IN_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * A name no form checked, as a device gave it (an uploaded file's), as it may be kept and shown: without control,
 * direction, zero-width or line-separator characters, trimmed; possibly empty. What a person types in a form goes
 * through `text` instead, which refuses a control character rather than drop it.
 */
export function shownName(name: string): string {
  return name.replace(UNSEEN_IN_NAME, '').trim();
}

/** An id written as text (a multipart field, a path segment): a positive integer, digits only, no sign nor exponent. */
export const TEXT_ID = /^[1-9]\d{0,9}$/;

/** An id sent as text, given back as a number; `message` when it is none. */
export function textIdField(message: string) {
  return z.pipe(z.string(message).check(z.regex(TEXT_ID, message)), z.transform(Number));
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A date and time: France's wall-clock time (`2026-12-03T18:00`, what a field gives) or an instant with its offset; `message` otherwise. */
export function localDateTimeField(message: string) {
  return z.string(message).check(z.refine((value) => LOCAL_TIME.test(value) && !Number.isNaN(Date.parse(value)), message));
}

const PHONE = /^(?:\+33\s?|0)[1-9](?:[\s.-]?\d{2}){4}$/;
const PHONE_WRONG = 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.';

/** A French phone number, as people write it (06 12 34 56 78, +33 6…); may be empty unless `missing` says what to say then. */
export function phoneField(missing?: string) {
  return text(PHONE_WRONG, { length: 30, message: PHONE_WRONG }).check(
    z.superRefine((phone, context) => {
      if (phone === '') {
        if (missing) context.addIssue(missing);
      } else if (!PHONE.test(phone)) context.addIssue(PHONE_WRONG);
    }),
  );
}
