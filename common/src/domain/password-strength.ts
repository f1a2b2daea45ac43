/**
 * How hard a new password is to guess, estimated by zxcvbn-ts with its common and French dictionaries, plus the
 * words of this platform and of the person. Checked the same way by the API and the forms.
 *
 * Its dictionaries weigh about 2 MB: this module has its own entry (@hsa-lli/common/password-strength), out of the
 * domain barrel every page loads, and the fronts import() it only on the pages that choose a password.
 */
import { ZxcvbnFactory, type Score } from '@zxcvbn-ts/core';
import * as commonPackage from '@zxcvbn-ts/language-common';
import * as frenchPackage from '@zxcvbn-ts/language-fr';
import { COMMUNES } from './communes.js';
import { slugify } from './format.js';
import { PROVIDER } from './legal.js';
import { passwordProblem } from './passwords.js';

/** The lowest zxcvbn score accepted: 3 means about 10^8 guesses, out of reach of an online attack. */
export const MIN_PASSWORD_SCORE = 3;

/** Who chooses the password: their own data makes a guessable password. */
export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export interface PasswordStrength {
  /** From 0 (guessed at once) to 4 (out of reach). */
  score: Score;
  /** What makes it guessable and how to do better, in French; empty when nothing is to be said. */
  advice: string[];
}

const TOO_GUESSABLE = 'Ce mot de passe est trop facile à deviner.';
const OWN_WORDS = 'Il reprend votre nom ou votre adresse e-mail : ajoutez des mots sans lien avec vous.';
const DEFAULT_ADVICE =
  'Choisissez plutôt plusieurs mots sans lien entre eux, sans nom de lieu, ni année, ni information personnelle.';

/**
 * A text as a person could type it in a password: as written, without accents, with its words joined by the usual
 * separators (zxcvbn-ts counts a lone separator as a random character), and word by word.
 */
function variants(text: string | null | undefined): string[] {
  if (!text) return [];
  const words = slugify(text).split('-');
  return [text.toLowerCase(), ...['', '.', '-', '_', ' '].map((separator) => words.join(separator)), ...words.filter((word) => word.length >= 3)];
}

/** The platform's own words: whoever attacks one of its accounts tries them first. */
function siteWords(): string[] {
  return [
    ...variants(PROVIDER),
    ...variants('HSA LLI'),
    'lli',
    'locatif',
    'intermediaire',
    'basque',
    'landes',
    ...COMMUNES.flatMap((commune) => [...variants(commune.label), commune.zip_code]),
  ];
}

/** Characters typed for a letter in passwords (« M4rie », « Dup0nt »). */
const LOOKALIKES: Record<string, string> = { a: '4@', b: '8', e: '3', g: '9', i: '1!|', l: '1|', o: '0', s: '5$', t: '7+', z: '2' };

/**
 * The person's own words as a password would hold them: each word of their names and of their e-mail address
 * (`marie.dupont87@example.fr`: marie, dupont, 87, example), each as a pattern that also matches it with a digit or a
 * symbol for a letter; the longest first.
 */
function ownWordPatterns({ email, firstName, lastName }: PasswordOwner): RegExp[] {
  const [local = '', domain = ''] = (email ?? '').split('@');
  const words = [firstName, lastName, local, domain.split('.')[0]].flatMap((text) => slugify(text ?? '').match(/[a-z]+|\d+/g) ?? []);
  return [...new Set(words.filter((word) => word.length >= 2))]
    .sort((a, b) => b.length - a.length)
    .map((word) => new RegExp([...word].map((letter) => `[${letter}${LOOKALIKES[letter] ?? ''}]`).join(''), 'g'));
}

/**
 * What a password says besides its owner's own words, whatever their order, case, accents and separators: its letters
 * and digits once those words are taken out; null when it holds none of them.
 */
function besidesOwnWords(password: string, owner: PasswordOwner): string | null {
  const typed = password.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const rest = ownWordPatterns(owner).reduce((text, pattern) => text.replace(pattern, ' '), typed);
  return rest === typed ? null : rest.replace(/[^\p{L}\p{N}]/gu, '');
}

function ownerWords({ email, firstName, lastName }: PasswordOwner): string[] {
  const [local, domain] = (email ?? '').split('@');
  const names = [`${firstName ?? ''} ${lastName ?? ''}`, `${lastName ?? ''} ${firstName ?? ''}`].map((text) => text.trim());
  return [email, local, domain?.split('.')[0], ...names].flatMap(variants);
}

// French feedback of zxcvbn-ts, with French quotes and punctuation.
const warnings = frenchPackage.translations.warnings;
const suggestions = frenchPackage.translations.suggestions;
const TRANSLATIONS = {
  ...frenchPackage.translations,
  warnings: {
    ...warnings,
    straightRow: 'Les rangées de touches du clavier sont faciles à deviner.',
    keyPattern: 'Les motifs de clavier courts sont faciles à deviner.',
    simpleRepeat: 'Les caractères répétés comme « aaa » sont faciles à deviner.',
    extendedRepeat: 'Les motifs répétés comme « abcabcabc » sont faciles à deviner.',
    sequences: 'Les suites de caractères comme « abc » sont faciles à deviner.',
  },
  suggestions: {
    ...suggestions,
    l33t: 'Évitez les substitutions de lettres prévisibles comme « @ » pour « a ».',
    reverseWords: 'Évitez les mots courants écrits à l’envers.',
    dates: 'Évitez les dates et les années qui vous sont associées, comme votre date de naissance.',
    associatedYears: 'Évitez les années qui vous sont associées, comme votre année de naissance.',
  },
};

let estimator: ZxcvbnFactory | undefined;

function estimate(password: string, owner: PasswordOwner) {
  // Built on first use: ranking the dictionaries takes a fraction of a second.
  // No Levenshtein matching: it multiplies the time of an estimate by ten, to half a second.
  estimator ??= new ZxcvbnFactory({
    dictionary: {
      ...commonPackage.dictionary,
      ...frenchPackage.dictionary,
      // zxcvbn-ts's dictionary for the words of the site, reported as « données personnelles ou liées au site ».
      userInputs: [...new Set(siteWords())],
    },
    graphs: commonPackage.adjacencyGraphs,
    translations: TRANSLATIONS,
  });
  return estimator.check(password, ownerWords(owner));
}

/**
 * Whether a password is mostly its owner's names or address: what it says besides them (a year, a digit, a common
 * word) is guessed at once by whoever knows the person. zxcvbn-ts alone lets « Marie-Dupont-2026 » through: it prices
 * every extra piece of a password as if it were a new word.
 */
function madeOfOwnWords(password: string, owner: PasswordOwner): boolean {
  const rest = besidesOwnWords(password, owner);
  return rest !== null && (rest === '' || estimate(rest, owner).score < MIN_PASSWORD_SCORE);
}

/** How guessable a password is, for a strength meter. */
export function passwordStrength(password: string, owner: PasswordOwner = {}): PasswordStrength {
  const { score, feedback } = estimate(password, owner);
  const advice = [feedback.warning, ...feedback.suggestions].filter((text): text is string => Boolean(text));
  if (score >= MIN_PASSWORD_SCORE && madeOfOwnWords(password, owner)) return { score: (MIN_PASSWORD_SCORE - 1) as Score, advice: [OWN_WORDS, ...advice] };
  return { score, advice };
}

/** The French reason a new password is refused (its rules, then how guessable it is), or null when it is acceptable. */
export function newPasswordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const problem = passwordProblem(password);
  if (problem) return problem;
  const { score, feedback } = estimate(password, owner);
  if (score < MIN_PASSWORD_SCORE) return `${TOO_GUESSABLE} ${feedback.warning || DEFAULT_ADVICE}`;
  return madeOfOwnWords(password, owner) ? `${TOO_GUESSABLE} ${OWN_WORDS}` : null;
}
