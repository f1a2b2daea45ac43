import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { forgotPasswordSchema, invitationSchema, linkTokenSchema, loginSchema, newPasswordSchema } from './accounts.js';
import { contactSchema } from './contact.js';
import { MAX_DEPENDANTS, currentLliYear, eligibilitySchema } from './eligibility.js';
import { builtWhenUsed } from './schema.js';
import { validate, type Schema } from './validation.js';

const fields = (schema: Schema, value: unknown) => {
  const result = validate(schema, value);
  return result.success ? {} : result.fields;
};

describe('form schemas', () => {
  it('refuse every field they do not know of, each by its name', () => {
    const schemas: [Schema, object][] = [
      [loginSchema, { email: 'marie@example.fr', password: 'x' }],
      [forgotPasswordSchema, { email: 'marie@example.fr' }],
      [linkTokenSchema, { token: 'abc' }],
      [newPasswordSchema, { token: 'abc', password: 'Marmotte-Escalier-7' }],
      [invitationSchema, { email: 'marie@example.fr', first_name: 'Marie', last_name: 'Dupont', role: 'hsa' }],
      [contactSchema, { subject: 'infos', name: 'Ane Etxeberria', email: 'ane@example.org', message: 'Un message assez long.', consent: true }],
      [eligibilitySchema, { household: 'alone', dependants: 0, city: '64102', incomes: [30000] }],
    ];
    for (const [schema, valid] of schemas) {
      expect(validate(schema, valid).success).toBe(true);
      expect(fields(schema, { ...valid, role_admin: true, confirmation: 'x' })).toEqual({
        role_admin: "Ce champ n'est pas attendu.",
        confirmation: "Ce champ n'est pas attendu.",
      });
    }
  });

  it('give back what they checked: trimmed, the e-mail address in lower case', () => {
    expect(validate(loginSchema, { email: '  Marie.Dupont@Example.FR ', password: ' secret ' })).toEqual({
      success: true,
      data: { email: 'marie.dupont@example.fr', password: ' secret ' },
    });
    expect(validate(invitationSchema, { email: 'Marie@Example.fr', first_name: ' Marie ', last_name: 'Dupont  ', role: 'customer' })).toEqual({
      success: true,
      data: { email: 'marie@example.fr', first_name: 'Marie', last_name: 'Dupont', role: 'customer' },
    });
  });

  it('never answer in English, even for a value of a kind no message foresaw', () => {
    expect(fields(contactSchema, { subject: 'infos', name: 'Ane', email: 'ane@example.org', message: 'Un message assez long.', consent: true, website: 3 })).toEqual({
      website: "Cette valeur n'est pas valide.",
    });
  });
});

describe('login', () => {
  it('asks for what is missing and refuses a malformed address', () => {
    expect(fields(loginSchema, {})).toEqual({ email: 'Veuillez saisir votre adresse e-mail.', password: 'Veuillez saisir votre mot de passe.' });
    expect(fields(loginSchema, { email: '   ', password: '' })).toEqual({ email: 'Veuillez saisir votre adresse e-mail.', password: 'Veuillez saisir votre mot de passe.' });
    expect(fields(loginSchema, { email: 'pas-une-adresse', password: 'x' })).toEqual({ email: "L'adresse e-mail n'est pas valide." });
    expect(fields(loginSchema, { email: 'marie@example.fr\r\nBcc: pirate@example.com', password: 'x' })).toEqual({ email: "L'adresse e-mail n'est pas valide." });
    expect(fields(loginSchema, { email: ['a'], password: 1 })).toEqual({ email: "L'adresse e-mail n'est pas valide.", password: 'Le mot de passe est incorrect.' });
  });

  it('tries any password of a sane length', () => {
    expect(fields(loginSchema, { email: 'marie@example.fr', password: 'x'.repeat(257) })).toEqual({ password: 'Le mot de passe est incorrect.' });
  });
});

describe('new password', () => {
  it('applies the password rules and needs the link', () => {
    expect(fields(newPasswordSchema, { token: 'abc' })).toEqual({ password: 'Veuillez choisir un mot de passe.' });
    expect(fields(newPasswordSchema, { token: 'abc', password: 'court' })).toEqual({ password: 'Le mot de passe doit contenir au moins 12 caractères.' });
    expect(fields(newPasswordSchema, { token: 'abc', password: 'sanschiffre-ni-majuscule' })).toEqual({
      password: 'Le mot de passe doit contenir au moins une lettre majuscule.',
    });
    expect(fields(newPasswordSchema, { password: 'Marmotte-Escalier-7' })).toEqual({ token: 'Le lien est incomplet.' });
    expect(fields(newPasswordSchema, { token: 'a'.repeat(201), password: 'Marmotte-Escalier-7' })).toEqual({ token: 'Le lien est incorrect.' });
  });
});

describe('invitation', () => {
  it('names the roles an administrator may give with their labels', () => {
    expect(fields(invitationSchema, { email: ' ', first_name: '  ', last_name: 'x'.repeat(101), role: 'visiteur' })).toEqual({
      email: "Veuillez saisir l'adresse e-mail.",
      first_name: 'Veuillez saisir le prénom.',
      last_name: 'Le nom ne peut pas dépasser 100 caractères.',
      role: 'Veuillez choisir un rôle : Support technique, Gestionnaire, Client, Coordinateur, Comité ou Membre du comité.',
    });
  });
});

describe('contact', () => {
  const valid = { subject: 'infos', name: 'Ane Etxeberria', email: 'ane@example.org', phone: '06 12 34 56 78', message: 'Les animaux sont-ils acceptés ?', consent: true };

  it('checks every field', () => {
    expect(fields(contactSchema, { subject: 'autre', name: 'A', email: 'x', phone: '123', message: 'court', consent: false })).toEqual({
      subject: "Choisissez l'objet de votre demande.",
      name: 'Indiquez vos nom et prénom.',
      email: "L'adresse e-mail n'est pas valide.",
      phone: 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.',
      message: 'Votre message doit contenir au moins 10 caractères.',
      consent: 'Vous devez accepter d’être recontacté(e) pour que nous puissions vous répondre.',
    });
    expect(fields(contactSchema, { ...valid, name: 'x'.repeat(161), message: 'x'.repeat(5001) })).toEqual({
      name: 'Le nom ne peut pas dépasser 160 caractères.',
      message: 'Votre message ne peut pas dépasser 5000 caractères.',
    });
  });

  it('takes an empty or missing phone, and a message that is long enough once trimmed', () => {
    const { phone: _phone, ...withoutPhone } = valid;
    expect(validate(contactSchema, withoutPhone).success).toBe(true);
    expect(validate(contactSchema, { ...valid, phone: '  ' })).toMatchObject({ success: true, data: { phone: '' } });
    expect(fields(contactSchema, { ...valid, message: '   court    ' })).toEqual({ message: 'Votre message doit contenir au moins 10 caractères.' });
  });
});

describe('eligibility', () => {
  const alone = { household: 'alone', dependants: 0, city: '64102', incomes: [30000] };

  it(`takes 0 to ${MAX_DEPENDANTS} dependants, whole numbers`, () => {
    const wrong = { dependants: `Indiquez un nombre de personnes à charge entre 0 et ${MAX_DEPENDANTS}.` };
    expect(validate(eligibilitySchema, { ...alone, dependants: MAX_DEPENDANTS }).success).toBe(true);
    for (const dependants of [-1, MAX_DEPENDANTS + 1, 1.5, '2', null]) expect(fields(eligibilitySchema, { ...alone, dependants })).toEqual(wrong);
  });

  it('names the incomes as one field, whichever income is wrong', () => {
    expect(fields(eligibilitySchema, { ...alone, household: 'couple', incomes: [30000, -1] })).toEqual({ incomes: 'Un revenu fiscal de référence ne peut pas être négatif.' });
    expect(fields(eligibilitySchema, { ...alone, household: 'couple', incomes: [30000, null] })).toEqual({ incomes: 'Indiquez le revenu fiscal de référence de chaque personne.' });
    expect(fields(eligibilitySchema, { ...alone, incomes: ['30 000'] })).toEqual({ incomes: 'Les revenus doivent être des montants en euros.' });
    expect(fields(eligibilitySchema, { ...alone, incomes: [Number.NaN] })).toEqual({ incomes: 'Les revenus doivent être des montants en euros.' });
    expect(fields(eligibilitySchema, { ...alone, incomes: [10_000_001] })).toEqual({ incomes: 'Ce montant semble trop élevé : vérifiez le revenu saisi.' });
  });

  it('counts the incomes of the household, even when another answer is wrong', () => {
    expect(fields(eligibilitySchema, { ...alone, incomes: [20000, 10000] })).toEqual({ incomes: 'Une personne seule ne déclare qu’un revenu.' });
    expect(fields(eligibilitySchema, { ...alone, household: 'couple', city: '75056', incomes: [1, 2, 3] })).toEqual({
      city: 'Choisissez la commune du logement dans la liste.',
      incomes: 'Un couple déclare au plus deux revenus.',
    });
  });

  it('answers for the current year unless another published one is asked', () => {
    expect(validate(eligibilitySchema, alone)).toMatchObject({ success: true, data: { year: currentLliYear() } });
    expect(fields(eligibilitySchema, { ...alone, year: 2019 })).toEqual({ year: 'Les plafonds disponibles sont ceux de 2025 et 2026.' });
  });
});

describe('a schema built when used', () => {
  it('is built at its first use, once, and then answers as the schema itself', () => {
    const build = vi.fn(() => z.strictObject({ name: z.string('Indiquez un nom.') }));
    const schema = builtWhenUsed(build);
    expect(build).not.toHaveBeenCalled();

    expect(validate(schema, { name: 'Ane' })).toEqual({ success: true, data: { name: 'Ane' } });
    expect(fields(schema, { name: 3 })).toEqual({ name: 'Indiquez un nom.' });
    expect('_zod' in schema).toBe(true);
    expect(schema instanceof z.ZodMiniObject).toBe(true);
    expect(Object.keys(schema)).toEqual(Object.keys(build.mock.results[0]!.value as object));
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('serves inside another schema, and one built from it', () => {
    const id = builtWhenUsed(() => z.int('Un identifiant.'));
    const pair = builtWhenUsed(() => z.strictObject({ id, other: z.nullable(id) }));
    const named = builtWhenUsed(() => z.extend(pair, { name: z.string() }));
    expect(validate(named, { id: 1, other: null, name: 'x' }).success).toBe(true);
    expect(fields(named, { id: 'a', other: 2.5, name: 'x' })).toEqual({ id: 'Un identifiant.', other: 'Un identifiant.' });
  });
});
