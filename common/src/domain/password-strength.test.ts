import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_SCORE, newPasswordProblem, passwordStrength } from './password-strength.js';

const TOO_GUESSABLE = 'Ce mot de passe est trop facile à deviner.';

// Each check runs zxcvbn's dictionaries (tens to hundreds of milliseconds of CPU a password): npm test runs these
// unit tests beside the lint and the type checks, on cores they share.
describe('password strength', { timeout: 20_000 }, () => {
  it('refuses the guessable passwords that the length and character rules let through', () => {
    expect(newPasswordProblem('Password1234')).toBe(`${TOO_GUESSABLE} Ce mot de passe est similaire à un mot de passe couramment utilisé.`);
    expect(newPasswordProblem('Azerty123456')).toMatch(new RegExp(`^${TOO_GUESSABLE}`));
    // A commune served and a year: the site's own words.
    expect(newPasswordProblem('Biarritz2026!')).toBe(
      `${TOO_GUESSABLE} Le mot de passe ne doit pas comporter de données personnelles ou liées au site.`,
    );
    expect(newPasswordProblem('SaintJeanDeLuz64')).toMatch(new RegExp(`^${TOO_GUESSABLE}`));
    expect(newPasswordProblem('Intermediaire1')).toMatch(new RegExp(`^${TOO_GUESSABLE}`));
  });

  it('rates them below the accepted score, with French advice', () => {
    for (const password of ['Password1234', 'Biarritz2026!', 'Anglet2025!', 'Azerty123456']) {
      const strength = passwordStrength(password);
      expect(strength.score, password).toBeLessThan(MIN_PASSWORD_SCORE);
      expect(strength.advice.length, password).toBeGreaterThan(0);
    }
    expect(passwordStrength('Password1234').advice).toContain('Ajoutez des mots moins courants.');
  });

  it('accepts a long passphrase of unrelated words, with nothing to advise', () => {
    expect(newPasswordProblem('Marmotte-Escalier-Violon-7')).toBeNull();
    expect(passwordStrength('Marmotte-Escalier-Violon-7')).toEqual({ score: 4, advice: [] });
  });

  it("refuses a password made of the person's own e-mail address or name", () => {
    const owner = { email: 'ximena.etcheverry@example.fr' };
    expect(newPasswordProblem('Ximena.Etcheverry1')).toBeNull();
    expect(newPasswordProblem('Ximena.Etcheverry1', owner)).toBe(
      `${TOO_GUESSABLE} Le mot de passe ne doit pas comporter de données personnelles ou liées au site.`,
    );
    expect(newPasswordProblem('XimenaEtcheverry64', { firstName: 'Ximena', lastName: 'Etcheverry' })).toMatch(new RegExp(`^${TOO_GUESSABLE}`));
    // Typed without its accent, the words joined by a separator.
    expect(newPasswordProblem('Maite.Oyharcabal1')).toBeNull();
    expect(newPasswordProblem('Maite.Oyharcabal1', { firstName: 'Maite', lastName: 'Oyharçabal' })).toMatch(new RegExp(`^${TOO_GUESSABLE}`));
  });

  it("refuses the person's names and e-mail words with years, digits and separators, in any order, case or spelling", () => {
    const ownWords = `${TOO_GUESSABLE} Il reprend votre nom ou votre adresse e-mail : ajoutez des mots sans lien avec vous.`;
    const marie = { email: 'marie.dupont@example.fr', firstName: 'Marie', lastName: 'Dupont' };
    const guessable = ['Marie-Dupont-2026', '2026.dupont.MARIE', 'Dupont_Marie_1987!', 'MarieDupont2026!', '1987 marie DUPONT', 'M4rie-Dup0nt-2026', 'Example-Marie-2026!'];
    for (const password of guessable) {
      expect(newPasswordProblem(password, marie), password).toBe(ownWords);
      expect(passwordStrength(password, marie).score, password).toBeLessThan(MIN_PASSWORD_SCORE);
    }
    expect(passwordStrength('Marie-Dupont-2026', marie).advice[0]).toBe('Il reprend votre nom ou votre adresse e-mail : ajoutez des mots sans lien avec vous.');
    // Known by the names alone, or by the address alone.
    expect(newPasswordProblem('Marie-Dupont-2026', { firstName: 'Marie', lastName: 'Dupont' })).toMatch(new RegExp(`^${TOO_GUESSABLE}`));
    expect(newPasswordProblem('Dupont_Marie_1987!', { email: 'marie.dupont@example.fr' })).toMatch(new RegExp(`^${TOO_GUESSABLE}`));
    // Written with the accents of the name, or without them.
    expect(newPasswordProblem('Oyharcabal-Maïté-1990', { firstName: 'Maité', lastName: 'Oyharçabal' })).toMatch(new RegExp(`^${TOO_GUESSABLE}`));
    // A name among unrelated words, and a strong password of someone else's words, pass.
    expect(newPasswordProblem('Marie-Marmotte-Escalier-7', marie)).toBeNull();
    expect(newPasswordProblem('Marmotte-Escalier-Violon-7', marie)).toBeNull();
    expect(passwordStrength('Marmotte-Escalier-Violon-7', marie)).toEqual({ score: 4, advice: [] });
  });

  it('keeps the length and character rules first', () => {
    expect(newPasswordProblem('Anglet2025!')).toBe('Le mot de passe doit contenir au moins 12 caractères.');
    expect(newPasswordProblem('marmotte-escalier-violon-7')).toBe('Le mot de passe doit contenir au moins une lettre majuscule.');
    expect(newPasswordProblem(`Aa1${'marmotte'.repeat(16)}`)).toBe('Le mot de passe ne peut pas dépasser 128 caractères.');
  });
});
