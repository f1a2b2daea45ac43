import { describe, expect, it } from 'vitest';
import { emailProblem } from './passwords.js';

const INVALID = "L'adresse e-mail n'est pas valide.";

describe('e-mail addresses', () => {
  it.each(['marie.dupont@example.fr', 'jean+hsa@mail.example.com', "o'neil@example.org", '  contact@hsa-lli.fr  '])('takes %j', (address) => {
    expect(emailProblem(address)).toBeNull();
  });

  it('asks for one when there is none', () => {
    expect(emailProblem('  ')).toBe('Veuillez saisir votre adresse e-mail.');
  });

  it.each([
    ['a display name', 'Marie Dupont <marie@example.fr>'],
    ['angle brackets', '<marie@example.fr>'],
    ['a list', 'marie@example.fr,pirate@example.com'],
    ['a list with a semicolon', 'marie@example.fr;pirate@example.com'],
    ['a line break (header injection)', 'marie@example.fr\r\nBcc: pirate@example.com'],
    ['a control character', 'marie\u0000@example.fr'],
    ['a direction character', 'marie\u202E@example.fr'],
    ['a space inside', 'marie dupont@example.fr'],
    ['quotes', '"marie"@example.fr'],
    ['two at signs', 'marie@dupont@example.fr'],
    ['no domain dot', 'marie@localhost'],
    ['a dot at the start', '.marie@example.fr'],
    ['two dots in a row', 'marie..dupont@example.fr'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.fr`],
    ['more than 254 characters', `marie@${['a', 'b', 'c', 'd', 'e'].map((letter) => letter.repeat(60)).join('.')}.fr`],
  ])('refuses %s', (_case, address) => {
    expect(emailProblem(address)).toBe(INVALID);
  });
});
