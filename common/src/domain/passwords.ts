/** Rules of a password chosen on the platform, checked the same way by the API and the forms. */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULES_TEXT =
  'Au moins 12 caractères, dont une lettre majuscule, une lettre minuscule et un chiffre.';

/** The French reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return 'Veuillez choisir un mot de passe.';
  if (password.length < PASSWORD_MIN_LENGTH) return `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`;
  if (!/[A-Z]/.test(password)) return 'Le mot de passe doit contenir au moins une lettre majuscule.';
  if (!/[a-z]/.test(password)) return 'Le mot de passe doit contenir au moins une lettre minuscule.';
  if (!/[0-9]/.test(password)) return 'Le mot de passe doit contenir au moins un chiffre.';
  return null;
}

/**
 * One plain address, as the HTML standard's e-mail field takes it: no display name, no list, no
 * quotes, angle brackets, spaces, control or direction characters, so that nothing but that one
 * address can ever reach a mail header.
 */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The French reason an e-mail address is refused, or null; spaces around it are forgiven. */
export function emailProblem(email: string): string | null {
  const address = email.trim();
  if (address === '') return 'Veuillez saisir votre adresse e-mail.';
  const local = address.slice(0, address.lastIndexOf('@'));
  if (!EMAIL.test(address) || address.length > 254 || local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return "L'adresse e-mail n'est pas valide.";
  }
  return null;
}
