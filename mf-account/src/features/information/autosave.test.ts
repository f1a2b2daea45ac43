import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyRecord, MyRecordUpdate } from '@hsa-lli/common/domain';
import { SAVE_DELAY_MS, createSaver, shownState, type SaveState, type SaverLinks } from './autosave.js';
import type { Section } from './record-values.js';

/** The form and the server as the saver sees them: the values typed, the errors shown, the calls received. */
function setUp() {
  const values: Record<string, string> = {};
  let errors: Record<string, string> = {};
  const calls: MyRecordUpdate[] = [];
  const answers: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const states: Partial<Record<Section, SaveState>> = {};
  const saved: string[][] = [];
  const links: SaverLinks = {
    values: () => values,
    errors: () => errors,
    showErrors: (shown) => (errors = shown),
    save: (update) => {
      calls.push(update);
      return new Promise<MyRecord>((resolve, reject) => answers.push({ resolve: () => resolve({} as MyRecord), reject }));
    },
    onSaved: (_record, fields) => saved.push(fields),
    setState: (sections, state) => {
      for (const section of sections) states[section] = state;
    },
  };
  const saver = createSaver(() => links);
  const type = (field: string, value: string) => {
    values[field] = value;
    delete errors[field];
    saver.change(field);
  };
  return { saver, type, calls, answers, states, saved, errors: () => errors };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('saving as the person goes', () => {
  it('sends the fields changed once typing pauses, only those, and says the section is saved', async () => {
    const { type, calls, answers, states, saved } = setUp();
    type('person_1.phone', '06 1');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 100);
    type('person_1.phone', '06 12 34 56 78');
    type('wishes.max_rent', '1 200');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ person_1: { phone: '06 12 34 56 78' }, wishes: { max_rent: 1200 } }]);
    expect(states).toEqual({ person_1: { kind: 'saving' }, wishes: { kind: 'saving' } });
    answers[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual({ person_1: { kind: 'saved' }, wishes: { kind: 'saved' } });
    expect(saved).toEqual([['person_1.phone', 'wishes.max_rent']]);
  });

  it('sends at once when the field is left, and what changes during a call in the next one', async () => {
    const { saver, type, calls, answers } = setUp();
    type('person_1.city', 'Bayonne');
    void saver.flush();
    expect(calls).toEqual([{ person_1: { city: 'Bayonne' } }]);
    type('person_1.zip_code', '64100');
    void saver.flush();
    expect(calls).toHaveLength(1);
    answers[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ person_1: { city: 'Bayonne' } }, { person_1: { zip_code: '64100' } }]);
  });

  it('keeps a refused answer unsent with its error, and saves the others all the same', async () => {
    const { saver, type, calls, answers, states, errors } = setUp();
    type('person_1.phone', '12');
    type('person_1.city', 'Anglet');
    type('discovery_source', 'word_of_mouth');
    void saver.flush();
    expect(errors()).toEqual({ 'person_1.phone': 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.' });
    expect(calls).toEqual([{ person_1: { city: 'Anglet' }, discovery_source: 'word_of_mouth' }]);
    answers[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // The city is saved, yet the section says an answer of it is to correct.
    expect(states).toEqual({ person_1: { kind: 'saved' }, discovery: { kind: 'saved' } });
    expect(shownState('person_1', states.person_1, errors())).toEqual({ kind: 'invalid' });
    expect(shownState('discovery', states.discovery, errors())).toEqual({ kind: 'saved' });

    // Corrected, it goes, and its error goes away.
    type('person_1.phone', '06 12 34 56 78');
    void saver.flush();
    expect(calls.at(-1)).toEqual({ person_1: { phone: '06 12 34 56 78' } });
    answers[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors()).toEqual({});
    expect(shownState('person_1', states.person_1, errors())).toEqual({ kind: 'saved' });
  });

  it('shows the server’s field errors and sends the other fields again', async () => {
    const { saver, type, calls, answers, states, errors } = setUp();
    type('person_1.email', 'lucas@exemple.fr');
    type('person_1.city', 'Biarritz');
    void saver.flush();
    answers[0]!.reject({ error: 'Certaines informations sont à corriger.', fields: { 'person_1.email': 'Cette adresse est déjà celle d’un autre compte.' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors()).toEqual({ 'person_1.email': 'Cette adresse est déjà celle d’un autre compte.' });
    expect(calls.at(-1)).toEqual({ person_1: { city: 'Biarritz' } });
    answers[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(states.person_1).toEqual({ kind: 'saved' });
  });

  it('keeps what a failed call carried, for « Réessayer » or the next change', async () => {
    const { saver, type, calls, answers, states } = setUp();
    type('wishes.flat_sizes', 'T2,T3');
    void saver.flush();
    answers[0]!.reject({ error: 'Une erreur inattendue est survenue.', fields: {} });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(states.wishes).toEqual({ kind: 'failed', message: 'Une erreur inattendue est survenue.' });
    expect(calls).toHaveLength(1);
    void saver.flush();
    expect(calls.at(-1)).toEqual({ wishes: { flat_sizes: ['T2', 'T3'] } });
  });

  it('puts « connexion expirée » by the field it kept from being saved, and takes it away once saved', async () => {
    const { saver, type, calls, answers, states, errors } = setUp();
    type('person_1.city', 'Bayonne');
    type('wishes.max_rent', '900');
    void saver.flush();
    const expired = 'Votre connexion a expirée, connectez-vous pour pouvoir faire cette action.';
    answers[0]!.reject({ error: expired, fields: {}, ERROR_CODE: 'DENIED', status: 401, loginLink: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors()).toEqual({ 'person_1.city': expired, 'wishes.max_rent': expired });
    expect(states.person_1).toEqual({ kind: 'failed', message: expired, byField: true });
    expect(shownState('person_1', states.person_1, errors())).toEqual({ kind: 'failed', message: expired, byField: true });
    // Leaving a field for the link sends nothing: the link stays where it is.
    await saver.leave();
    expect(calls).toHaveLength(1);
    // « Réessayer » while still logged out: the message stays while they go, and after the refusal.
    void saver.flush();
    expect(errors()).toEqual({ 'person_1.city': expired, 'wishes.max_rent': expired });
    answers[1]!.reject({ error: expired, fields: {}, ERROR_CODE: 'DENIED', status: 401, loginLink: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors()).toEqual({ 'person_1.city': expired, 'wishes.max_rent': expired });
    // Logged in again, « Réessayer » sends both, and their messages go once saved.
    void saver.flush();
    expect(calls.at(-1)).toEqual({ person_1: { city: 'Bayonne' }, wishes: { max_rent: 900 } });
    expect(errors()).toEqual({ 'person_1.city': expired, 'wishes.max_rent': expired });
    answers[2]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors()).toEqual({});
    expect(states).toEqual({ person_1: { kind: 'saved' }, wishes: { kind: 'saved' } });
  });
});
