/**
 * The strength meter of the new-password fields, with its own entry (@hsa-lli/common/password-strength-meter) rather
 * than in the UI kit's barrel: every app bundles the barrel, and would bundle the dictionaries it import()s with it.
 * Its styles are in ui.css.
 */
import { useEffect, useState } from 'react';
import type { PasswordOwner, PasswordStrength } from '../domain/password-strength.js';

/** The password-strength rule (@hsa-lli/common/password-strength) and its dictionaries. */
export type PasswordRule = typeof import('../domain/password-strength.js');

const LABELS = ['Très faible', 'Faible', 'Moyen', 'Bon', 'Très bon'];
/** How long typing pauses before the strength is estimated (up to a few tenths of a second) and announced. */
const PAUSE_MS = 400;

/**
 * The password-strength rule, loaded by the pages that show a new-password field only: its 2 MB of dictionaries
 * stay out of every other page. Null until it has arrived.
 */
export function usePasswordRule(): PasswordRule | null {
  const [rule, setRule] = useState<PasswordRule | null>(null);
  useEffect(() => {
    let mounted = true;
    import(/* webpackChunkName: "password-strength" */ '../domain/password-strength.js').then(
      (loaded) => mounted && setRule(loaded),
      // Without it the form still checks the length and the characters, and the API checks the strength.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return rule;
}

/**
 * A new password's strength: a bar of five steps, its French label and zxcvbn-ts's advice, updated and announced
 * to screen readers (politely) once typing pauses.
 */
export function PasswordStrengthMeter({ password, owner }: { password: string; owner: PasswordOwner }) {
  const rule = usePasswordRule();
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  const { email, firstName, lastName } = owner;
  useEffect(() => {
    if (!rule || password === '') return;
    const timer = setTimeout(() => setStrength(rule.passwordStrength(password, { email, firstName, lastName })), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [rule, password, email, firstName, lastName]);
  const shown = password === '' ? null : strength;
  return (
    <div className="ui-strength" data-score={shown?.score}>
      {shown && (
        <div className="ui-strength__bar" aria-hidden="true">
          {LABELS.map((label, step) => (
            <span key={label} className={step <= shown.score ? 'ui-strength__step ui-strength__step--on' : 'ui-strength__step'} />
          ))}
        </div>
      )}
      <p className="ui-strength__text" aria-live="polite">
        {shown && (
          <>
            <strong className="ui-strength__label">Force du mot de passe : {LABELS[shown.score]}.</strong> {shown.advice.join(' ')}
          </>
        )}
      </p>
    </div>
  );
}
