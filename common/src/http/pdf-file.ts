import type { JobView } from '../domain/api.js';
import { toRequestError } from './errors.js';
import { http } from './request.js';

/** How often the page asks how its print job goes (a print takes a second or two), and for how long at most. */
const POLL_MS = 400;
const GIVE_UP_MS = 3 * 60_000;

/** What the API answers for a PDF: the file, or the job that prints it. */
type FileAnswer = { file: Blob; name: string } | { job: JobView };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The name the server gives the file (RFC 5987's UTF-8 form when there is one). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * Asks for a PDF file. The request helper reads JSON only: the file itself is read here as a Blob, and any other
 * answer goes through the helper's error catalogue (a 503's French explanation, a 429's limit, a 404…).
 */
async function askForFile(call: string): Promise<FileAnswer> {
  const response = await fetch(`/api${call}.pdf`, { credentials: 'same-origin' });
  if (response.status === 202) return (await response.json()) as { job: JobView };
  if (response.ok && response.headers.get('content-type')?.startsWith('application/pdf')) {
    return { file: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), 'document.pdf') };
  }
  throw await answerError(response);
}

/** An answer that is not the file, as the request helper's error catalogue words it (a 503's French explanation, a 429's limit, a 404…). */
async function answerError(response: Response): Promise<Error> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A plain text answer: the catalogue's default message.
  }
  return toRequestError(response.status, body, { action: true });
}

/** How often a page asks whether an export's file is ready. */
const EXPORT_POLL_MS = 1000;

/**
 * An export made by a job (the files' list, a person's data): its address answers 202 while the job runs, then the
 * file. Followed every second until the file is there; any other answer rejects with its French error.
 */
export async function fetchJobFile(url: string, signal: AbortSignal, fallbackName: string): Promise<{ file: Blob; name: string }> {
  for (;;) {
    const response = await fetch(url, { credentials: 'same-origin', signal });
    if (response.status === 200) return { file: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
    if (response.status !== 202) throw await answerError(response);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, EXPORT_POLL_MS);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }
}

export type PdfProgress = 'asked' | 'waiting' | 'active';

/**
 * The PDF of a page's data: asked for, then its print job followed until it ends, then asked for again (the data may
 * have changed meanwhile: another job is then followed). Rejects with the job's French failure, or the API's error.
 */
export async function fetchPdf(call: string, onProgress: (progress: PdfProgress) => void): Promise<{ file: Blob; name: string }> {
  const started = Date.now();
  for (;;) {
    onProgress('asked');
    const answer = await askForFile(call);
    if ('file' in answer) return answer;
    let job = answer.job;
    while (job.state === 'waiting' || job.state === 'active') {
      onProgress(job.state);
      if (Date.now() - started > GIVE_UP_MS) throw new Error('Le PDF n’a pas pu être préparé à temps. Réessayez dans quelques instants.');
      await wait(POLL_MS);
      job = (await http.get<{ job: JobView }>(`${call}/jobs/${encodeURIComponent(job.id)}`, undefined, { minDuration: 0, action: true })).job;
    }
    if (job.state === 'failed') throw new Error(job.failed_reason ?? 'Le PDF n’a pas pu être préparé. Réessayez dans quelques instants.');
  }
}
