/**
 * Rendering the UI kit in the unit tests (happy-dom): a store, React in act(), and what a person does — find a
 * control by its label, type, click.
 */
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { makeStore } from '../store/index.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function render(ui: ReactNode) {
  const store = makeStore();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<Provider store={store}>{ui}</Provider>));
  return {
    store,
    container,
    rerender: (next: ReactNode) => act(() => root.render(<Provider store={store}>{next}</Provider>)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** The text a person reads in an element, spaces tidied. */
export const textOf = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The control a label names (the « * » of a required field left aside), as a screen reader finds it. */
export function byLabel<E extends HTMLElement = HTMLInputElement>(container: HTMLElement, label: string): E {
  const found = Array.from(container.querySelectorAll('label')).find((each) => textOf(each).replace(/ \*$/, '') === label);
  const control = found?.htmlFor ? container.ownerDocument.getElementById(found.htmlFor) : found?.querySelector('input');
  if (!control) throw new Error(`No control labelled « ${label} »`);
  return control as E;
}

/** The fieldset whose legend says `legend`. */
export function byLegend(container: HTMLElement, legend: string): HTMLFieldSetElement {
  const found = Array.from(container.querySelectorAll('legend')).find((each) => textOf(each).replace(/ \*$/, '') === legend);
  if (!found) throw new Error(`No group « ${legend} »`);
  return found.parentElement as HTMLFieldSetElement;
}

/** Types into a control as a browser would report it: the whole new text, the caret at `caret` (the end by default). */
export function type(control: HTMLInputElement | HTMLTextAreaElement, text: string, caret = text.length) {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(control, text);
    // Only a text has a caret to place: a date, an e-mail address or a number has none (the DOM refuses to set it).
    if (control instanceof HTMLTextAreaElement || ['text', 'search', 'url', 'tel', 'password'].includes(control.type)) control.setSelectionRange(caret, caret);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function choose(control: HTMLSelectElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export function click(element: Element) {
  act(() => (element as HTMLElement).click());
}

/** The text that describes a control (its hint, its error), from its aria-describedby. */
export function descriptionOf(control: Element): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => textOf(control.ownerDocument.getElementById(id))).join(' ');
}

/** Lets React, the request helper (its minimum duration), polling and the next frames run until `done` holds: a loaded machine may take a while. */
export async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (const started = Date.now(); !done(); ) {
    if (Date.now() - started > timeoutMs) throw new Error(`Still waiting after ${timeoutMs} ms`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

/** The button of `scope` with that text. */
export function button(scope: ParentNode, name: string): HTMLButtonElement {
  const found = Array.from(scope.querySelectorAll('button')).find((each) => textOf(each) === name);
  if (!found) throw new Error(`No button « ${name} »`);
  return found;
}

