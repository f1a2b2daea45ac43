// @vitest-environment happy-dom
import axe from 'axe-core';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_MAX_BYTES, UPLOAD_REFUSED } from '@hsa-lli/common/back-office';
import type { ImageView } from '@hsa-lli/common/domain';
import { selectMessages } from '@hsa-lli/common/store';
import { byLabel, click, render, textOf, type } from '@hsa-lli/common/testing/render';
import { PhotoManager } from './photo-manager.js';

/** A call the component made, as the API received it. */
interface Call {
  path: string;
  body: unknown;
  files: string[];
}

type Answer = { status: number; body?: unknown };

/**
 * The API's images routes as the component sees them (the real ones are tested in api/test/images.e2e.test.ts): the
 * pictures of one residence, in order, and the calls received.
 */
class ImagesApi {
  calls: Call[] = [];
  /** The answer to the next upload, instead of storing the files. */
  refuseUpload: Answer | null = null;
  private nextId = 10;

  constructor(public images: ImageView[]) {}

  answer(path: string, body: unknown): Answer {
    const files = body instanceof FormData ? (body.getAll('files') as File[]).map((file) => file.name) : [];
    const fields = body instanceof FormData ? Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string')) : body;
    this.calls.push({ path, body: fields, files });
    const request = fields as { id: number; alt: string; ids: number[] };
    if (path === '/api/images/upload') {
      if (this.refuseUpload) return this.refuseUpload;
      this.images = [...this.images, ...files.map((_, index) => picture((this.nextId += 1), `Photo de la résidence Arrosa (${index + 1})`))];
      return { status: 201, body: { data: this.images } };
    }
    if (path === '/api/images/update') {
      this.images = this.images.map((image) => (image.id === request.id ? { ...image, alt: request.alt } : image));
      return { status: 200, body: { image: this.images.find((image) => image.id === request.id) } };
    }
    if (path === '/api/images/reorder') {
      this.images = request.ids.map((id) => this.images.find((image) => image.id === id)!);
      return { status: 200, body: { data: this.images } };
    }
    if (path === '/api/images/delete') {
      this.images = this.images.filter((image) => image.id !== request.id);
      return { status: 200, body: { data: this.images } };
    }
    return { status: 404 };
  }
}

const picture = (id: number, alt: string): ImageView => ({ id, kind: 'photo', url: `/api/images/${id}`, width: 1200, height: 900, alt });
const IMAGES = [picture(1, 'Façade sur le parc'), picture(2, 'Entrée du hall'), picture(3, 'Jardin partagé')];

let server: ImagesApi;

beforeEach(() => {
  server = new ImagesApi(IMAGES);
  const respond = ({ status, body }: Answer) => new Response(body === undefined ? null : JSON.stringify(body), { status });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    return respond(server.answer(new URL(url, 'http://localhost').pathname, body));
  });
  // Uploads report their progress through XMLHttpRequest: half way, then done.
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      withCredentials = false;
      status = 0;
      responseText = '';
      private path = '';
      open(_method: string, url: string) {
        this.path = new URL(url, 'http://localhost').pathname;
      }
      setRequestHeader() {}
      abort() {}
      send(body: FormData) {
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          const { status, body: answer } = server.answer(this.path, body);
          this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
          this.status = status;
          this.responseText = answer === undefined ? '' : JSON.stringify(answer);
          this.onload?.();
        });
      }
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** Lets the calls under way answer (the helper makes an action last 400 ms at least). */
const settle = (ms = 500) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const button = (container: HTMLElement, name: string) => {
  const found = container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
  if (!found) throw new Error(`No button « ${name} »`);
  return found;
};
const positions = (container: HTMLElement) => Array.from(container.querySelectorAll('.photo-manager__item img')).map((image) => image.getAttribute('alt'));
const status = (container: HTMLElement) => textOf(container.querySelector('[role="status"]'));

function choose(container: HTMLElement, files: File[]) {
  const input = byLabel(container, 'Ajouter des photos');
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
}

const manager = () => <PhotoManager owner="residence" ownerId={7} kind="photo" label="Photos de la résidence" images={IMAGES} />;

describe('photo manager', () => {
  it('shows each picture with its thumbnail, place and alternative text, and passes axe-core’s rules', async () => {
    const { container } = render(manager());
    expect(textOf(container.querySelector('h2'))).toBe('Photos de la résidence');
    const thumbnails = Array.from(container.querySelectorAll<HTMLImageElement>('.photo-manager__item img'));
    expect(thumbnails.map((image) => [image.getAttribute('src'), image.alt])).toEqual([
      ['/api/images/1?w=500', 'Façade sur le parc'],
      ['/api/images/2?w=500', 'Entrée du hall'],
      ['/api/images/3?w=500', 'Jardin partagé'],
    ]);
    expect(Array.from(container.querySelectorAll('.photo-manager__position')).map(textOf)).toEqual(['Photo 1 sur 3', 'Photo 2 sur 3', 'Photo 3 sur 3']);
    const altFields = Array.from(container.querySelectorAll('label')).filter((label) => textOf(label).startsWith('Texte alternatif'));
    expect(altFields.map((label) => (document.getElementById(label.htmlFor) as HTMLInputElement).value)).toEqual(['Façade sur le parc', 'Entrée du hall', 'Jardin partagé']);
    // Colours and layout need a real browser.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
  });

  it('moves a picture with its buttons, keeps the focus on the button pressed and announces the new place', async () => {
    const { container } = render(manager());
    expect(button(container, 'Déplacer avant : la photo 1 (Façade sur le parc)').getAttribute('aria-disabled')).toBe('true');
    expect(button(container, 'Déplacer après : la photo 3 (Jardin partagé)').getAttribute('aria-disabled')).toBe('true');
    const after = button(container, 'Déplacer après : la photo 1 (Façade sur le parc)');
    after.focus();
    click(after);
    expect(positions(container)).toEqual(['Entrée du hall', 'Façade sur le parc', 'Jardin partagé']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Déplacer après : la photo 2 (Façade sur le parc)');
    expect(status(container)).toBe('Photo déplacée en position 2 sur 3 : Façade sur le parc.');
    await settle(50);
    expect(server.calls).toEqual([{ path: '/api/images/reorder', body: { owner: 'residence', owner_id: 7, kind: 'photo', ids: [2, 1, 3] }, files: [] }]);

    click(button(container, 'Déplacer après : la photo 2 (Façade sur le parc)'));
    await settle(50);
    expect(positions(container)).toEqual(['Entrée du hall', 'Jardin partagé', 'Façade sur le parc']);
    // At the end of the list the button can no longer move it, and keeps the focus all the same.
    const last = button(container, 'Déplacer après : la photo 3 (Façade sur le parc)');
    expect(document.activeElement).toBe(last);
    expect(last.getAttribute('aria-disabled')).toBe('true');
    click(last);
    await settle(50);
    expect(server.calls).toHaveLength(2);
  });

  it('sends several pictures at once with their progress, then shows them', async () => {
    const { container, store } = render(manager());
    choose(container, [new File(['jpeg'], 'salon.jpg', { type: 'image/jpeg' }), new File(['png'], 'cuisine.png', { type: 'image/png' })]);
    await settle(10);
    expect(Array.from(container.querySelectorAll('progress')).map((bar) => bar.getAttribute('aria-label'))).toEqual(['Envoi de salon.jpg', 'Envoi de cuisine.png']);
    await settle();
    expect(server.calls).toEqual([{ path: '/api/images/upload', body: { owner: 'residence', owner_id: '7', kind: 'photo' }, files: ['salon.jpg', 'cuisine.png'] }]);
    expect(container.querySelectorAll('progress')).toHaveLength(0);
    expect(container.querySelectorAll('.photo-manager__item')).toHaveLength(5);
    expect(selectMessages(store.getState()).map((message) => message.text)).toEqual(['2 photos ont été ajoutées.']);
  });

  it('takes pictures dropped on it', async () => {
    const { container } = render(manager());
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [new File(['webp'], 'terrasse.webp', { type: 'image/webp' })] } });
    act(() => container.querySelector('.photo-manager__list')!.dispatchEvent(drop));
    await settle();
    expect(server.calls.map((call) => call.files)).toEqual([['terrasse.webp']]);
    expect(drop.defaultPrevented).toBe(true);
  });

  it('shows the server’s French refusal, and refuses a file over 15 Mo before sending it', async () => {
    const { container } = render(manager());
    server.refuseUpload = { status: 400, body: { error: UPLOAD_REFUSED, fields: { files: 'Le fichier « script.jpg » n’est pas une image JPEG, PNG, WebP ou HEIC.' } } };
    choose(container, [new File(['#!/bin/sh'], 'script.jpg', { type: 'image/jpeg' })]);
    await settle();
    expect(textOf(container.querySelector('[role="alert"] .ui-message__text'))).toBe(
      'Aucune image n’a été enregistrée. Le fichier « script.jpg » n’est pas une image JPEG, PNG, WebP ou HEIC.',
    );
    expect(container.querySelectorAll('.photo-manager__item')).toHaveLength(3);

    choose(container, [new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'enorme.jpg', { type: 'image/jpeg' })]);
    await settle();
    expect(textOf(container.querySelector('[role="alert"]'))).toContain('Le fichier « enorme.jpg » dépasse 15 Mo');
    expect(server.calls).toHaveLength(1);
  });

  it('saves an alternative text, and says what is wrong with an empty one', async () => {
    const { container, store } = render(manager());
    const [, second] = Array.from(container.querySelectorAll('.photo-manager__item'));
    const input = second!.querySelector('input')!;
    type(input, '');
    click(button(container, 'Enregistrer le texte alternatif de la photo 2'));
    expect(textOf(second!.querySelector('.ui-field__error'))).toBe('Indiquez le texte alternatif : ce que montre l’image, pour qui ne la voit pas.');
    expect(server.calls).toEqual([]);
    type(input, 'Hall d’entrée avec boîtes aux lettres');
    click(button(container, 'Enregistrer le texte alternatif de la photo 2'));
    await settle();
    expect(server.calls).toEqual([{ path: '/api/images/update', body: { id: 2, alt: 'Hall d’entrée avec boîtes aux lettres' }, files: [] }]);
    expect(second!.querySelector('img')!.alt).toBe('Hall d’entrée avec boîtes aux lettres');
    expect(selectMessages(store.getState()).map((message) => message.text)).toEqual(['Le texte alternatif a été enregistré.']);
  });

  it('deletes a picture once confirmed, then gives the focus to the section’s title', async () => {
    const { container } = render(manager());
    click(button(container, 'Supprimer : la photo 2 (Entrée du hall)'));
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(textOf(dialog.querySelector('h2'))).toBe('Supprimer cette photo ?');
    click(Array.from(dialog.querySelectorAll('button')).find((each) => textOf(each) === 'Annuler')!);
    expect(dialog.open).toBe(false);
    expect(server.calls).toEqual([]);

    click(button(container, 'Supprimer : la photo 2 (Entrée du hall)'));
    click(Array.from(dialog.querySelectorAll('button')).find((each) => textOf(each) === 'Supprimer définitivement')!);
    await settle();
    expect(server.calls).toEqual([{ path: '/api/images/delete', body: { id: 2 }, files: [] }]);
    expect(positions(container)).toEqual(['Façade sur le parc', 'Jardin partagé']);
    expect(document.activeElement).toBe(container.querySelector('h2'));
  });

  it('says when there is no picture yet', () => {
    const { container } = render(<PhotoManager owner="good" ownerId={4} kind="plan" label="Plan du logement" images={[]} />);
    expect(textOf(container.querySelector('.photo-manager__empty'))).toBe('Aucun plan pour l’instant.');
    expect(byLabel(container, 'Ajouter des plans').accept).toBe('image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif');
  });
});
