// @vitest-environment happy-dom
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE } from '@hsa-lli/common/back-office';
import { toRequestError, type RequestErrorData } from '@hsa-lli/common/http';
import { render, textOf } from '@hsa-lli/common/testing/render';
import { SaveActions } from './edit-form.js';

const opened: (() => void)[] = [];
afterEach(() => opened.splice(0).forEach((close) => close()));

/** The foot of an edit form after a save failed with this answer. */
function footAfter(status: number, body: unknown) {
  const failure: RequestErrorData = toRequestError(status, body, { action: true }).toData();
  const router = createMemoryRouter([{ path: '/', Component: () => <SaveActions failure={failure} sending={false} dirty /> }]);
  const view = render(<RouterProvider router={router} />);
  opened.push(view.unmount);
  return view.container;
}

const buttons = (container: HTMLElement) => Array.from(container.querySelectorAll('button')).map(textOf);

describe('the foot of an edit form after a failed save', () => {
  it('offers « Recharger la fiche » when someone saved the record meanwhile, by the answer’s code', () => {
    const foot = footAfter(409, { error: CONFLICT_MESSAGE, code: 'stale_version' });
    expect(textOf(foot.querySelector('[role="alert"], .ui-message'))).toContain(CONFLICT_MESSAGE);
    expect(buttons(foot)).toEqual(['Recharger la fiche', 'Enregistrer']);
  });

  it('does not for another refusal, even one worded like it', () => {
    expect(buttons(footAfter(409, { error: 'Ce compte est déjà actif.' }))).toEqual(['Enregistrer']);
    expect(buttons(footAfter(409, { error: CONFLICT_MESSAGE }))).toEqual(['Enregistrer']);
  });
});
