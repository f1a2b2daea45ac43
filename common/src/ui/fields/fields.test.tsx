// @vitest-environment happy-dom
import axe from 'axe-core';
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectForm } from '../../store/index.js';
import { byLabel, byLegend, choose, click, descriptionOf, render, textOf, type } from '../../testing/render.js';
import { useForm, type Checks } from '../form.js';
import {
  CheckboxField,
  CheckboxGroup,
  DateField,
  FileField,
  MaskedField,
  MoneyField,
  NumericField,
  RadioGroup,
  SelectField,
  TextareaField,
  TextField,
  checkedValues,
  type FileUpload,
  type FormBinding,
} from './index.js';
import { applyMask, keepMoney, keepNumeric } from './filters.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const HOUSEHOLDS = [
  { value: 'alone', label: 'Une personne seule' },
  { value: 'couple', label: 'Un couple' },
];

/** A form named 'test' around the fields, with its send button. */
function TestForm({ rules, children }: { rules?: Checks; children: (form: FormBinding) => ReactNode }) {
  const form = useForm('test', rules);
  return (
    <form aria-label="Essai" noValidate onSubmit={(event) => form.submit(event)}>
      {children(form)}
      <button type="submit">Envoyer</button>
    </form>
  );
}

const valuesOf = (store: ReturnType<typeof render>['store']) => selectForm(store.getState(), 'test').values;
const send = (container: HTMLElement) => click(container.querySelector('button[type="submit"]')!);

describe('what the numeric, money and masked fields keep', () => {
  it('a number keeps digits, spaces, periods and commas, and a leading minus only when negatives are allowed', () => {
    expect(keepNumeric('1 234,5 €')).toBe('1 234,5 ');
    expect(keepNumeric('12.50abc')).toBe('12.50');
    expect(keepNumeric('-12')).toBe('12');
    expect(keepNumeric('-12', true)).toBe('-12');
    expect(keepNumeric('1-2', true)).toBe('12');
    expect(keepNumeric('45\u202f000')).toBe('45 000');
  });

  it('an amount gets a decimal comma and two decimals at most', () => {
    expect(keepMoney('1250.5')).toBe('1250,5');
    expect(keepMoney('1 250,567')).toBe('1 250,56');
    expect(keepMoney('12,3,4')).toBe('12,34');
  });

  it('a mask fills its digit, letter and alphanumeric slots and writes its own characters between them', () => {
    expect(applyMask('99 99 99 99 99', '0612345678')).toBe('06 12 34 56 78');
    expect(applyMask('99 99 99 99 99', '06.12.34.56.78.90')).toBe('06 12 34 56 78');
    expect(applyMask('99 99 99 99 99', '061')).toBe('06 1');
    expect(applyMask('99 99 99 99 99', '06 ')).toBe('06');
    expect(applyMask('99999', '64a100')).toBe('64100');
    expect(applyMask('aa-999', '1ab234')).toBe('ab-234');
    expect(applyMask('***-***', 'é1-x2y')).toBe('é1x-2y');
  });
});

describe('form kit fields', () => {
  it('each field is found by its label, and its value is the one form state', () => {
    const { container, store } = render(
      <TestForm>
        {(form) => (
          <>
            <TextField form={form} name="name" label="Nom et prénom" />
            <TextareaField form={form} name="message" label="Message" />
            <SelectField form={form} name="subject" label="Objet" placeholder="Choisissez un objet" options={[{ value: 'info', label: 'Obtenir des informations' }]} />
            <DateField form={form} name="day" label="Date d’emménagement" />
            <DateField form={form} name="at" label="Date et heure de la visite" time />
            <NumericField form={form} name="income" label="Revenu" />
            <MoneyField form={form} name="rent" label="Loyer" />
            <MaskedField form={form} name="phone" label="Téléphone" mask="99 99 99 99 99" />
          </>
        )}
      </TestForm>,
    );
    type(byLabel(container, 'Nom et prénom'), 'Peio Arrieta');
    type(byLabel<HTMLTextAreaElement>(container, 'Message'), 'Bonjour,\nun T3 à Anglet ?');
    choose(byLabel<HTMLSelectElement>(container, 'Objet'), 'info');
    type(byLabel(container, 'Date d’emménagement'), '2027-02-01');
    type(byLabel(container, 'Date et heure de la visite'), '2027-02-01T14:30');
    type(byLabel(container, 'Revenu'), '45 000 euros');
    type(byLabel(container, 'Loyer'), '812.5');
    type(byLabel(container, 'Téléphone'), '0612345678');
    expect(valuesOf(store)).toEqual({
      name: 'Peio Arrieta',
      message: 'Bonjour,\nun T3 à Anglet ?',
      subject: 'info',
      day: '2027-02-01',
      at: '2027-02-01T14:30',
      income: '45 000 ',
      rent: '812,5',
      phone: '06 12 34 56 78',
    });
    expect(byLabel(container, 'Téléphone').value).toBe('06 12 34 56 78');
    expect(byLabel(container, 'Date d’emménagement').type).toBe('date');
    expect(byLabel(container, 'Date et heure de la visite').type).toBe('datetime-local');
    // The money field says its unit to screen readers too.
    expect(descriptionOf(byLabel(container, 'Loyer'))).toBe('€');
    // Sent by the page only: a form sent by the browser before the page's script ran puts nothing in the address.
    expect(container.querySelectorAll('[name]')).toHaveLength(0);
  });

  it('a numeric field drops what it does not keep, and the minus sign unless negatives are allowed', () => {
    const { container, store } = render(
      <TestForm>
        {(form) => (
          <>
            <NumericField form={form} name="surface" label="Surface" />
            <NumericField form={form} name="balance" label="Solde" negative />
          </>
        )}
      </TestForm>,
    );
    type(byLabel(container, 'Surface'), '-65,5 m²');
    type(byLabel(container, 'Solde'), '-65,5 €');
    expect(valuesOf(store)).toEqual({ surface: '65,5 ', balance: '-65,5 ' });
    expect(byLabel(container, 'Surface').value).toBe('65,5 ');
  });

  it('a masked field keeps the caret after the character just typed, even where the mask adds its spaces', () => {
    const { container } = render(<TestForm>{(form) => <MaskedField form={form} name="phone" label="Téléphone" mask="99 99 99 99 99" />}</TestForm>);
    const phone = byLabel(container, 'Téléphone');
    type(phone, '0612');
    expect(phone.value).toBe('06 12');
    // A 3 typed after « 06 »: the input holds « 063 12 » with the caret after the 3.
    type(phone, '063 12', 3);
    expect(phone.value).toBe('06 31 2');
    expect(phone.selectionStart).toBe(4);
  });

  it('shows no error before the form is sent, shows each one after, tied to its field, and clears it when the field is edited', () => {
    const rules: Checks = {
      name: (value) => (value === '' ? 'Indiquez vos nom et prénom.' : null),
      phone: (value) => (value.length < 14 ? 'Indiquez un numéro de téléphone français.' : null),
      household: (value) => (value === '' ? 'Indiquez si vous vivez seul(e) ou en couple.' : null),
    };
    const { container } = render(
      <TestForm rules={rules}>
        {(form) => (
          <>
            <TextField form={form} name="name" label="Nom et prénom" hint="Tels qu’ils figurent sur votre avis d’impôt." />
            <MaskedField form={form} name="phone" label="Téléphone" mask="99 99 99 99 99" />
            <RadioGroup form={form} name="household" label="Vous êtes" options={HOUSEHOLDS} />
          </>
        )}
      </TestForm>,
    );
    const name = byLabel(container, 'Nom et prénom');
    const phone = byLabel(container, 'Téléphone');
    // Typing an unfinished value shows nothing yet: the person has not sent the form.
    type(phone, '06');
    expect(container.querySelectorAll('.ui-field__error')).toHaveLength(0);
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(name)).toBe('Tels qu’ils figurent sur votre avis d’impôt.');

    send(container);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name)).toBe('Tels qu’ils figurent sur votre avis d’impôt. Indiquez vos nom et prénom.');
    expect(descriptionOf(phone)).toBe('Indiquez un numéro de téléphone français.');
    const household = byLegend(container, 'Vous êtes');
    expect(household.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(household)).toBe('Indiquez si vous vivez seul(e) ou en couple.');

    type(name, 'P');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(name)).toBe('Tels qu’ils figurent sur votre avis d’impôt.');
    // The other fields keep theirs until they are edited in turn.
    expect(descriptionOf(phone)).toBe('Indiquez un numéro de téléphone français.');
    click(byLabel(container, 'Un couple'));
    expect(descriptionOf(household)).toBe('');
  });

  it('sends default values untouched, marks required fields, and offers no other choice when read-only', () => {
    const { container, store } = render(
      <TestForm>
        {(form) => (
          <>
            <TextField form={form} name="reference" label="Référence" defaultValue="RES-12" readOnly />
            <RadioGroup form={form} name="household" label="Vous êtes" options={HOUSEHOLDS} defaultValue="couple" readOnly />
            <SelectField form={form} name="dependants" label="Personnes à charge" options={[{ value: '0', label: '0' }, { value: '1', label: '1' }]} />
            <TextField form={form} name="city" label="Commune" required placeholder="Anglet" />
          </>
        )}
      </TestForm>,
    );
    // A select without a placeholder starts on its first option, which the form holds too.
    expect(valuesOf(store)).toEqual({ reference: 'RES-12', household: 'couple', dependants: '0' });
    const reference = byLabel(container, 'Référence');
    expect(reference.readOnly).toBe(true);
    expect(reference.value).toBe('RES-12');
    expect(byLabel(container, 'Une personne seule').disabled).toBe(true);
    expect(byLabel(container, 'Un couple').checked).toBe(true);
    expect(byLabel<HTMLSelectElement>(container, 'Personnes à charge').value).toBe('0');
    const city = byLabel(container, 'Commune');
    expect(city.required).toBe(true);
    expect(city.placeholder).toBe('Anglet');
    // The « * » is for the eyes: a screen reader hears « required » from the input.
    expect(city.labels?.[0]?.querySelector('[aria-hidden="true"]')?.textContent?.trim()).toBe('*');
  });

  it('radio and checkbox groups are fieldsets with a legend; a single checkbox holds « true » when ticked', () => {
    const FACILITIES = [
      { value: 'lift', label: 'Ascenseur' },
      { value: 'parking', label: 'Parking' },
      { value: 'garden', label: 'Jardin' },
    ];
    const { container, store } = render(
      <TestForm>
        {(form) => (
          <>
            <RadioGroup form={form} name="household" label="Vous êtes" options={HOUSEHOLDS} />
            <CheckboxGroup form={form} name="facilities" label="Équipements" options={FACILITIES} />
            <CheckboxField form={form} name="consent" label="J’accepte d’être recontacté(e)" />
          </>
        )}
      </TestForm>,
    );
    expect(byLegend(container, 'Vous êtes').getAttribute('role')).toBe('radiogroup');
    click(byLabel(container, 'Un couple'));
    click(byLabel(container, 'Jardin'));
    click(byLabel(container, 'Ascenseur'));
    click(byLabel(container, 'J’accepte d’être recontacté(e)'));
    expect(valuesOf(store)).toEqual({ household: 'couple', facilities: 'lift,garden', consent: 'true' });
    expect(checkedValues(valuesOf(store).facilities!)).toEqual(['lift', 'garden']);
    click(byLabel(container, 'Ascenseur'));
    click(byLabel(container, 'J’accepte d’être recontacté(e)'));
    expect(valuesOf(store)).toMatchObject({ facilities: 'garden', consent: '' });
    expect(checkedValues('')).toEqual([]);
  });

  it('a file field hands the chosen files to the page, shows each one’s progress, and offers to retry or remove it', () => {
    const onFiles = vi.fn();
    const onRetry = vi.fn();
    const onRemove = vi.fn();
    const Page = ({ uploads }: { uploads: FileUpload[] }) => (
      <TestForm>
        {(form) => (
          <FileField
            form={form}
            name="payslips"
            label="Bulletins de salaire"
            accept=".pdf"
            multiple
            uploads={uploads}
            onFiles={onFiles}
            onRetry={onRetry}
            onRemove={onRemove}
          />
        )}
      </TestForm>
    );
    const { container, store, rerender } = render(<Page uploads={[]} />);
    const input = byLabel(container, 'Bulletins de salaire');
    expect(input.accept).toBe('.pdf');
    const files = [new File(['%PDF'], 'janvier.pdf', { type: 'application/pdf' }), new File(['%PDF'], 'fevrier.pdf', { type: 'application/pdf' })];
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
    expect(onFiles).toHaveBeenCalledWith(files);
    expect(valuesOf(store)).toEqual({ payslips: 'janvier.pdf\nfevrier.pdf' });

    const uploads: FileUpload[] = [
      { key: '1', name: 'janvier.pdf', progress: 0.42 },
      { key: '2', name: 'fevrier.pdf', progress: 0.1, failure: 'L’envoi a échoué.' },
    ];
    rerender(<Page uploads={uploads} />);
    const bar = container.querySelector<HTMLProgressElement>('progress[aria-label="Envoi de janvier.pdf"]')!;
    expect(bar.value).toBeCloseTo(0.42);
    expect(textOf(bar.parentElement)).toBe('42 %');
    expect(textOf(container.querySelector('[role="alert"]'))).toBe('L’envoi a échoué.');
    click(container.querySelector('button[aria-label="Réessayer l’envoi de fevrier.pdf"]')!);
    expect(onRetry).toHaveBeenCalledWith(uploads[1]);
    click(container.querySelector('button[aria-label="Retirer janvier.pdf"]')!);
    expect(onRemove).toHaveBeenCalledWith(uploads[0]);
    expect(valuesOf(store)).toEqual({ payslips: 'fevrier.pdf' });
  });

  it('passes axe-core’s accessibility rules, errors shown', async () => {
    const rules: Checks = Object.fromEntries(
      ['name', 'message', 'subject', 'day', 'income', 'rent', 'phone', 'household', 'facilities', 'consent', 'payslips'].map((field) => [field, () => 'Ce champ est à revoir.']),
    );
    const { container } = render(
      <TestForm rules={rules}>
        {(form) => (
          <>
            <TextField form={form} name="name" label="Nom et prénom" required hint="Tels qu’ils figurent sur votre pièce d’identité." />
            <TextareaField form={form} name="message" label="Message" />
            <SelectField form={form} name="subject" label="Objet" placeholder="Choisissez un objet" options={[{ value: 'info', label: 'Obtenir des informations' }]} />
            <DateField form={form} name="day" label="Date d’emménagement" />
            <NumericField form={form} name="income" label="Revenu" />
            <MoneyField form={form} name="rent" label="Loyer" />
            <MaskedField form={form} name="phone" label="Téléphone" mask="99 99 99 99 99" />
            <RadioGroup form={form} name="household" label="Vous êtes" options={HOUSEHOLDS} required />
            <CheckboxGroup form={form} name="facilities" label="Équipements" options={[{ value: 'lift', label: 'Ascenseur' }]} />
            <CheckboxField form={form} name="consent" label="J’accepte d’être recontacté(e)" required />
            <FileField form={form} name="payslips" label="Bulletins de salaire" uploads={[{ key: '1', name: 'janvier.pdf', progress: 0.5 }]} onFiles={() => undefined} onRemove={() => undefined} />
          </>
        )}
      </TestForm>,
    );
    send(container);
    expect(container.querySelectorAll('.ui-field__error')).toHaveLength(11);
    // Colours and layout need a real browser: the Playwright journeys check them on the pages.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
  });
});
