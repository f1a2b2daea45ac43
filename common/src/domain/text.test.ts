import { describe, expect, it } from 'vitest';
import { invitationSchema } from './accounts.js';
import { contactFormListSchema, contactReplySchema } from './back-office/contact-forms.js';
import { equipmentSchema } from './back-office/equipments.js';
import { eventCreateSchema, noteCreateSchema, stageMoveSchema } from './back-office/follow-up.js';
import { goodSchema } from './back-office/goods.js';
import { imageAltSchema } from './back-office/images.js';
import { residenceSchema } from './back-office/residences.js';
import { userUpdateSchema } from './back-office/users.js';
import { contactSchema } from './contact.js';
import { myRecordUpdateSchema, personSchema } from './records.js';
import { requiredText, shownName, text, type TextKind } from './schema.js';
import { problemOf, validate, type Schema } from './validation.js';

const LIMIT = { length: 20, message: 'Trop long.' };
const CONTROL_IN_LINE = 'Ce champ ne peut contenir ni retour à la ligne, ni tabulation, ni caractère de contrôle.';
const CONTROL_IN_TEXT = 'Ce texte contient un caractère de contrôle invisible : retapez le passage copié-collé.';

/** What a field's schema gives back, or its first message. */
function parsed(schema: Schema, value: unknown): { data: unknown } | { problem: string | null } {
  const result = validate(schema, value);
  return result.success ? { data: result.data } : { problem: problemOf(schema, value) };
}

describe('text as people type it', () => {
  const name = requiredText('Indiquez le nom.', LIMIT, 'name');
  const line = requiredText('Indiquez la référence.', LIMIT);
  const lines = requiredText('Écrivez la note.', LIMIT, 'lines');
  const optional = text('Ce n’est pas un texte.', LIMIT);

  it('keeps accents, French punctuation and emoji', () => {
    expect(parsed(name, '  Maïté Oyharçabal ')).toEqual({ data: 'Maïté Oyharçabal' });
    expect(parsed(lines, '« Oui » — merci ! 🏡')).toEqual({ data: '« Oui » — merci ! 🏡' });
  });

  it('keeps the joiners of emoji and scripts, between the characters they join only', () => {
    for (const joined of ['Nous 👨\u200d👩\u200d👧', 'Oui ❤\ufe0f\u200d🔥', 'می\u200cخواهم']) expect(parsed(lines, joined)).toEqual({ data: joined });
    expect(parsed(name, '\u200dMarie\u200c')).toEqual({ data: 'Marie' });
    expect(parsed(name, 'Ma \u200d rie')).toEqual({ data: 'Ma  rie' });
    expect(problemOf(name, '\u200d\u200c')).toBe('Indiquez le nom.');
  });

  it('drops direction marks, overrides, isolates and zero-width characters, then trims', () => {
    const hidden = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\u200c\u200d\u2060\ufeff';
    expect(parsed(name, `${hidden} Ma${hidden}rie ${hidden}`)).toEqual({ data: 'Marie' });
    // What a name written right to left over its own letters would show: « Marie » reversed, kept as typed.
    expect(parsed(name, 'Eve\u202eeiraM\u202c')).toEqual({ data: 'EveeiraM' });
    expect(parsed(optional, '\u200b\u202e')).toEqual({ data: '' });
  });

  it('says a required text is missing when nothing visible is left: a letter, or a digit but in a name', () => {
    for (const value of ['\u202e', '\u200b', '\u202e\u200b  \u2066', ' \ufeff', '🏡', '— « » !']) {
      expect(problemOf(name, value), JSON.stringify(value)).toBe('Indiquez le nom.');
      expect(problemOf(line, value), JSON.stringify(value)).toBe('Indiquez la référence.');
      expect(problemOf(lines, value), JSON.stringify(value)).toBe('Écrivez la note.');
    }
    expect(problemOf(name, '2026')).toBe('Indiquez le nom.');
    expect(parsed(line, '\u202e2026')).toEqual({ data: '2026' });
    expect(problemOf(name, undefined)).toBe('Indiquez le nom.');
  });

  it('refuses control characters, NUL included; a text of several lines keeps its newlines and tabs', () => {
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
      expect(problemOf(name, `Ma${control}rie`)).toBe(CONTROL_IN_LINE);
      expect(problemOf(optional, `Ma${control}rie`)).toBe(CONTROL_IN_LINE);
      expect(problemOf(lines, `Ma${control}rie`)).toBe(CONTROL_IN_TEXT);
    }
    expect(problemOf(name, '\u0000')).toBe(CONTROL_IN_LINE);
    for (const lineBreak of ['\n', '\r\n', '\t', '\u2028']) expect(problemOf(line, `A${lineBreak}B`)).toBe(CONTROL_IN_LINE);
    expect(parsed(lines, 'Bonjour,\r\n\tMarie\u2029')).toEqual({ data: 'Bonjour,\r\n\tMarie' });
    expect(parsed(lines, 'Un\u2028deux')).toEqual({ data: 'Un\ndeux' });
  });

  it('counts the length once the text is cleaned', () => {
    expect(parsed(name, `${'a'.repeat(20)}\u200b\u202e`)).toEqual({ data: 'a'.repeat(20) });
    expect(problemOf(name, 'a'.repeat(21))).toBe('Trop long.');
  });
});

/** Every name and free-text field of the forms: its schema, and whether it must say something. */
const FIELDS: [string, Schema, 'required' | 'optional', TextKind][] = [
  ['invitation, first name', invitationSchema.shape.first_name, 'required', 'name'],
  ['invitation, last name', invitationSchema.shape.last_name, 'required', 'name'],
  ['user, first name', userUpdateSchema.shape.first_name, 'required', 'name'],
  ['user, last name', userUpdateSchema.shape.last_name, 'required', 'name'],
  ['contact, name', contactSchema.shape.name, 'required', 'name'],
  ['contact, message', contactSchema.shape.message, 'required', 'lines'],
  ['contact reply', contactReplySchema.shape.message, 'required', 'lines'],
  ['list search', contactFormListSchema.shape.search, 'optional', 'line'],
  ['stage comment', stageMoveSchema.shape.comment, 'optional', 'lines'],
  ['stage, forcing reason', stageMoveSchema.shape.force_reason, 'optional', 'lines'],
  ['event comment', eventCreateSchema.shape.comment, 'optional', 'lines'],
  ['note', noteCreateSchema.shape.body, 'required', 'lines'],
  ['equipment', equipmentSchema.shape.name, 'required', 'line'],
  ['picture', imageAltSchema.shape.alt, 'required', 'line'],
  ['residence, reference', residenceSchema.shape.reference, 'required', 'line'],
  ['residence, name', residenceSchema.shape.name, 'required', 'line'],
  ['residence, closing label', residenceSchema.shape.closed_label, 'optional', 'line'],
  ['residence, neighbourhood', residenceSchema.shape.neighborhood, 'optional', 'line'],
  ['residence, description', residenceSchema.shape.description, 'required', 'lines'],
  ['residence, district', residenceSchema.shape.district_desc, 'optional', 'lines'],
  ['residence, address', residenceSchema.shape.address_line_1, 'required', 'line'],
  ['residence, address 2', residenceSchema.shape.address_line_2, 'optional', 'line'],
  ['good, reference', goodSchema.shape.reference, 'required', 'line'],
  ['good, description', goodSchema.shape.description, 'required', 'lines'],
  ['applicant, first name', personSchema.shape.first_name, 'required', 'name'],
  ['applicant, last name', personSchema.shape.last_name, 'required', 'name'],
  ['applicant, address', personSchema.shape.address, 'optional', 'line'],
  ['applicant, city', personSchema.shape.city, 'optional', 'line'],
  ['applicant, employer', personSchema.shape.employer, 'optional', 'line'],
];

describe('the forms’ names and free texts', () => {
  it.each(FIELDS)('%s: cleaned, controls refused, a required one must show something', (_label, schema, presence, kind) => {
    const typed = 'Ama\u202eia Etxe\u2066berria\u200b 12';
    expect(parsed(schema, typed)).toEqual({ data: 'Amaia Etxeberria 12' });
    expect(problemOf(schema, 'Amaia\u0000 Etxeberria 12')).toBe(kind === 'lines' ? CONTROL_IN_TEXT : CONTROL_IN_LINE);
    if (kind === 'lines') expect(parsed(schema, 'Amaia\n\tEtxeberria 12')).toEqual({ data: 'Amaia\n\tEtxeberria 12' });
    else expect(problemOf(schema, 'Amaia\nEtxeberria 12')).toBe(CONTROL_IN_LINE);
    const blank = problemOf(schema, '   ');
    if (presence === 'required') {
      expect(blank).not.toBeNull();
      expect(problemOf(schema, '\u202e')).toBe(blank);
      expect(problemOf(schema, '\u200b\u202e \u2066')).toBe(blank);
    } else {
      expect(blank).toBeNull();
      expect(parsed(schema, '\u202e')).toEqual(parsed(schema, ''));
    }
  });

  it('a phone number copied with its direction marks is read without them', () => {
    expect(parsed(contactSchema.shape.phone, '\u202a06 12 34 56 78\u202c')).toEqual({ data: '06 12 34 56 78' });
    expect(parsed(personSchema.shape.phone, '\u2066+33 6 12 34 56 78\u2069')).toEqual({ data: '+33 6 12 34 56 78' });
  });

  it('a dependant named by direction marks only is not named', () => {
    const members = [{ first_name: '\u202e', role: 'child' }];
    expect(validate(myRecordUpdateSchema, { members })).toEqual({ success: false, fields: { members: 'Indiquez le prénom et le lien de chaque personne à charge.' } });
  });
});

describe('a name a device gave, as it is kept and shown', () => {
  it('loses its control, direction, zero-width and line-separator characters, and its outer spaces', () => {
    expect(shownName(' Avis d’impôt\u202e 2025\u200b.pdf\u0000\u2028 ')).toBe('Avis d’impôt 2025.pdf');
    expect(shownName('\tfacture\u00ad-mars\u2029\r\n')).toBe('facture-mars');
    expect(shownName('\u202e\u200b \u0007')).toBe('');
  });

  it('keeps what people read: accents, « », dashes, emoji and inner spaces', () => {
    expect(shownName('Bulletin « mars » — Étienne 🙂.jpg')).toBe('Bulletin « mars » — Étienne 🙂.jpg');
  });
});
