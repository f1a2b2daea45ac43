import { describe, expect, it } from 'vitest';
import { copyError, pageFailure, parsed } from './copy-failure.js';

const GONE = 'Ce fichier n’est plus dans le dossier : le demandeur l’a peut-être remplacé ou supprimé. Rechargez le dossier.';
const page = (contentType: string, text: string | null) => ({ contentType, body: { textContent: text } });

describe('a watermarked copy that could not be shown', () => {
  it('says the file is gone for a 404, else what the API or the catalogue says', () => {
    expect(copyError(404, null)).toMatchObject({ error: GONE, status: 404 });
    expect(copyError(409, { error: 'La copie est en cours de préparation.' })).toMatchObject({ error: 'La copie est en cours de préparation.', status: 409 });
    expect(copyError(401, { error: 'Unauthorized' })).toMatchObject({ ERROR_CODE: 'DENIED', status: 401 });
  });

  it('reads an answer as JSON when it is, else as its text', () => {
    expect(parsed('{"error":"Forbidden"}')).toEqual({ error: 'Forbidden' });
    expect(parsed('Bad gateway')).toBe('Bad gateway');
    expect(parsed('')).toBeNull();
  });

  it('finds in a frame what the API answered instead of the copy', () => {
    expect(pageFailure(null)).toBeNull();
    expect(pageFailure(page('application/pdf', ''))).toBeNull();
    expect(pageFailure(page('text/html', '  '))).toMatchObject({ error: GONE, status: 404 });
    expect(pageFailure(page('application/json', '{"error":"Forbidden"}'))).toMatchObject({ ERROR_CODE: 'FORBIDDEN', status: 403 });
    expect(pageFailure(page('application/json', '{"error":"Unauthorized"}'))).toMatchObject({ ERROR_CODE: 'DENIED', status: 401 });
    expect(pageFailure(page('application/json', '{"error":"Ce fichier est illisible."}'))).toMatchObject({ error: 'Ce fichier est illisible.' });
    // A picture, or a page the browser's viewer shows: the copy is there.
    expect(pageFailure(page('image/png', null))).toBeNull();
    expect(pageFailure(page('text/html', '<p>copie</p>'))).toBeNull();
  });
});
