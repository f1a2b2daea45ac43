/** How the printing's tests ask for a printable PDF and read it: the file, or its job followed until it ends. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type request from 'supertest';
import { expect } from 'vitest';
import { chromiumPathFrom } from '../src/config/config.js';
import type { Agent } from './back-office.js';

/** The Chromium the API would use here. */
export const CHROMIUM = chromiumPathFrom(process.env);

/** Reads a binary answer whole (supertest parses only text and JSON by itself). */
export function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** The text of a PDF, as Debian's poppler-utils reads it. */
export function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'hsa-pdf-text-'));
  try {
    writeFileSync(join(folder, 'file.pdf'), pdf);
    // In reading order, every run of white space as one space: a table cell's text may be cut across lines.
    return execFileSync('pdftotext', [join(folder, 'file.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 60_000, what = 'a condition'): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Asks for a PDF as a person's page does: the file, or its job followed until it ends, then the file. */
export async function downloadPdf(agent: Agent, call: string, timeoutMs = 60_000): Promise<request.Response> {
  return until(
    async () => {
      const answer = await agent.get(`/api${call}.pdf`).buffer(true).parse(binary);
      if (answer.status === 200) return answer;
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      const job = JSON.parse((answer.body as Buffer).toString('utf8')).job as { id: string; state: string };
      const ended = await until(
        async () => {
          const { body } = await agent.get(`/api${call}/jobs/${job.id}`).expect(200);
          return body.job.state === 'completed' || body.job.state === 'failed' ? body.job : null;
        },
        timeoutMs,
        `job ${job.id}`,
      );
      expect(ended.state, ended.failed_reason).toBe('completed');
      return null;
    },
    timeoutMs,
    `the PDF of ${call}`,
  );
}
