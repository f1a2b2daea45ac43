// @vitest-environment happy-dom
import axe from 'axe-core';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byLabel, click, descriptionOf, render, textOf } from '../testing/render.js';
import { UploadZone, uploadFailureText, useFileUploads, type SendFile } from './upload-zone.js';

afterEach(() => {
  document.body.innerHTML = '';
});

/** An upload the test answers by hand: its progress, then its success or its refusal. */
interface Call {
  file: File;
  meta: string;
  progress: (ratio: number) => void;
  resolve: () => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
}

function Zone({ send, check }: { send: SendFile<string>; check?: (file: File) => string | null }) {
  const { uploads, announcement, start, retry, remove } = useFileUploads(send, check);
  return (
    <UploadZone
      label="Ajouter des fichiers"
      hint="PDF ou photo, 10 Mo au plus."
      accept=".pdf,image/*"
      multiple
      camera="Prendre une photo"
      uploads={uploads}
      announcement={announcement}
      onFiles={(files) => start(files, 'p1_payslips')}
      onRetry={retry}
      onRemove={remove}
    />
  );
}

function setUp(check?: (file: File) => string | null) {
  const calls: Call[] = [];
  const send: SendFile<string> = (file, meta, progress, signal) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ file, meta, progress: (ratio) => act(() => progress(ratio)), resolve, reject, signal });
      signal.addEventListener('abort', () => reject('ABORTED'));
    });
  const view = render(<Zone send={send} check={check} />);
  return { ...view, calls };
}

function choose(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
}

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const rows = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('.ui-file-field__file')).map((row) => Array.from(row.children).map(textOf).filter(Boolean).join(' '));
const status = (container: HTMLElement) => textOf(container.querySelector('.ui-upload-zone > [role="status"]'));

describe('upload zone', () => {
  it('sends each file on its own, each with its progress bar, « Vérification… » once sent until the server answers, and takes a sent file off the list', async () => {
    const { container, calls } = setUp();
    const input = byLabel(container, 'Ajouter des fichiers');
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    expect(descriptionOf(input)).toBe('PDF ou photo, 10 Mo au plus.');
    choose(input, [pdf('avis-2024.pdf'), pdf('avis-2025.pdf')]);
    expect(calls.map((call) => [call.file.name, call.meta])).toEqual([
      ['avis-2024.pdf', 'p1_payslips'],
      ['avis-2025.pdf', 'p1_payslips'],
    ]);
    expect(status(container)).toBe('Envoi de 2 fichiers en cours.');
    calls[0]!.progress(0.5);
    calls[1]!.progress(1);
    expect(Array.from(container.querySelectorAll('progress')).map((bar) => [bar.getAttribute('aria-label'), bar.value])).toEqual([
      ['Envoi de avis-2024.pdf', 0.5],
      ['Envoi de avis-2025.pdf', 1],
    ]);
    expect(rows(container)).toEqual(['avis-2024.pdf 50 % Retirer', 'avis-2025.pdf Vérification… Retirer']);
    calls[1]!.resolve();
    await settle();
    expect(rows(container)).toEqual(['avis-2024.pdf 50 % Retirer']);
    expect(status(container)).toBe('avis-2025.pdf : fichier envoyé.');
    // Sent whole, a file may still be refused once checked.
    calls[0]!.progress(1);
    expect(rows(container)).toEqual(['avis-2024.pdf Vérification… Retirer']);
    calls[0]!.reject({ error: 'Ce fichier contient un virus : il n’a pas été conservé.' });
    await settle();
    expect(textOf(container.querySelector('[role="alert"]'))).toBe('Ce fichier contient un virus : il n’a pas été conservé.');
    expect(container.querySelector('progress')).toBeNull();
  });

  it('shows the French reason of a refused file, sends it again on « Réessayer », and stops one taken off the list', async () => {
    const { container, calls } = setUp();
    choose(byLabel(container, 'Ajouter des fichiers'), [pdf('bulletin.pdf'), pdf('lent.pdf')]);
    calls[0]!.reject({ error: 'Le fichier a été refusé.', fields: { file: 'Ce fichier n’est pas un PDF, une image JPEG, PNG ou HEIC.' } });
    await settle();
    expect(textOf(container.querySelector('[role="alert"]'))).toBe('Ce fichier n’est pas un PDF, une image JPEG, PNG ou HEIC.');
    click(container.querySelector('button[aria-label="Réessayer l’envoi de bulletin.pdf"]')!);
    expect(calls.map((call) => call.file.name)).toEqual(['bulletin.pdf', 'lent.pdf', 'bulletin.pdf']);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(status(container)).toBe('Nouvel envoi de bulletin.pdf en cours.');

    click(container.querySelector('button[aria-label="Retirer lent.pdf"]')!);
    await settle();
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(rows(container)).toEqual(['bulletin.pdf 0 % Retirer']);
  });

  it('refuses before sending what the page checks (a file too large), and again on a retry', async () => {
    const { container, calls } = setUp((file) => (file.size > 10 ? 'Ce fichier dépasse 10 Mo.' : null));
    choose(byLabel(container, 'Ajouter des fichiers'), [new File(['x'.repeat(11)], 'scan.pdf', { type: 'application/pdf' })]);
    await settle();
    expect(calls).toHaveLength(0);
    expect(textOf(container.querySelector('[role="alert"]'))).toBe('Ce fichier dépasse 10 Mo.');
    click(container.querySelector('button[aria-label="Réessayer l’envoi de scan.pdf"]')!);
    await settle();
    expect(calls).toHaveLength(0);
    expect(textOf(container.querySelector('[role="alert"]'))).toBe('Ce fichier dépasse 10 Mo.');
  });

  it('takes files dropped on the zone and from the camera button’s input', () => {
    const { container, calls } = setUp();
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [pdf('depose.pdf')] } });
    act(() => container.querySelector('.ui-upload-zone')!.dispatchEvent(drop));
    expect(drop.defaultPrevented).toBe(true);

    const camera = container.querySelector<HTMLInputElement>('input[capture]')!;
    expect([camera.getAttribute('capture'), camera.accept, camera.hidden]).toEqual(['environment', 'image/*', true]);
    let opened = false;
    camera.addEventListener('click', () => (opened = true));
    click(Array.from(container.querySelectorAll('button')).find((button) => textOf(button) === 'Prendre une photo')!);
    expect(opened).toBe(true);
    choose(camera, [new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' })]);
    expect(calls.map((call) => call.file.name)).toEqual(['depose.pdf', 'photo.jpg']);
  });

  it('passes axe-core’s rules with files on their way and one refused', async () => {
    const { container, calls } = setUp();
    choose(byLabel(container, 'Ajouter des fichiers'), [pdf('a.pdf'), pdf('b.pdf')]);
    calls[0]!.reject({ error: 'Le service d’analyse antivirus est momentanément indisponible : réessayez dans quelques minutes.', fields: {} });
    await settle();
    expect(textOf(container.querySelector('[role="alert"]'))).toBe('Le service d’analyse antivirus est momentanément indisponible : réessayez dans quelques minutes.');
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
  });
});

describe('uploadFailureText', () => {
  it('prefers the reason given for the file, then the message, then the default one', () => {
    expect(uploadFailureText({ error: 'Refusé.', fields: { file: 'Ce PDF est protégé par un mot de passe.' } })).toBe('Ce PDF est protégé par un mot de passe.');
    expect(uploadFailureText({ error: 'Ce fichier a déjà été validé : il ne peut plus être remplacé.', fields: {} })).toBe('Ce fichier a déjà été validé : il ne peut plus être remplacé.');
    expect(uploadFailureText('ABORTED')).toBe('Une erreur inattendue est survenue.');
  });
});
