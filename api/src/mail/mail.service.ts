import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { JobsService } from '../jobs/jobs.service.js';

export interface Mail {
  to: string;
  subject: string;
  /** Paragraphs of plain text; links are written out in full. */
  paragraphs: string[];
  /** A button in the HTML version, also written out in the text version. */
  action?: { label: string; url: string };
  /** The address that unsubscribes its recipient in one click (RFC 8058): `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  unsubscribe?: string;
  /** Files attached as they are (a visit's calendar file). */
  attachments?: { filename: string; contentType: string; content: string }[];
}

const SIGNATURE = 'L’équipe HSA Logement intermédiaire';

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderMail(mail: Mail): { text: string; html: string } {
  const text = [...mail.paragraphs, ...(mail.action ? [`${mail.action.label} : ${mail.action.url}`] : []), SIGNATURE].join('\n\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1d2430;line-height:1.5">
${mail.paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`).join('\n')}
${mail.action ? `<p><a href="${escape(mail.action.url)}" style="background:#0b4a6f;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escape(mail.action.label)}</a></p>` : ''}
<p>${escape(SIGNATURE)}</p></body></html>`;
  return { text, html };
}

/**
 * An e-mail's job is forgotten once it is sent or has failed: its data holds invitation and reset links, which the
 * queue's history (in Redis) would otherwise keep. A failure is logged without the e-mail's text.
 */
const FORGET = { removeOnComplete: true, removeOnFail: true };

/**
 * E-mails go through the 'mail' queue, so that a slow mail server never slows an answer down. With
 * SMTP_URL they are sent; without it they are written as .eml files under the data folder.
 */
/** A text with every e-mail address replaced: what the logs may keep of a mail server's answer. */
export const withoutAddresses = (text: string) => text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '«adresse»');

@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    jobs.register('mail', 'send', (data) => this.deliver(data as Mail));
  }

  async send(mail: Mail): Promise<void> {
    await this.jobs.enqueue('mail', 'send', mail, FORGET);
  }

  private async deliver(mail: Mail): Promise<{ to: string }> {
    const { text, html } = renderMail(mail);
    const headers = mail.unsubscribe ? { 'List-Unsubscribe': `<${mail.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
    const info = await this.transport.sendMail({ from: this.config.mailFrom, to: mail.to, subject: mail.subject, text, html, headers, attachments: mail.attachments }).catch((error: unknown) => {
      // The log says which e-mail and why, never to whom (a server's refusal names the address: it is taken out) nor its text.
      const reason = withoutAddresses(error instanceof Error ? error.message : String(error));
      this.logger.error(`An e-mail (« ${mail.subject} ») could not be sent: ${reason}`);
      throw new Error(reason);
    });
    if (!this.config.smtpUrl) {
      mkdirSync(this.folder, { recursive: true });
      const file = join(this.folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      writeFileSync(file, (info as { message: Buffer }).message);
      this.logger.log(`No SMTP_URL: an e-mail (« ${mail.subject} ») was written to ${file}`);
    }
    return { to: mail.to };
  }

  /** Where the embedded default (no SMTP_URL) writes its e-mails. */
  private get folder(): string {
    return join(this.config.dataDir, 'mail');
  }

  /**
   * Removes the embedded default's e-mail files that name this address (sent to it, or telling staff of it), or older
   * than `olderThan`: an erasure leaves no e-mail of the person behind, and none stays longer than
   * RETENTION_MAIL_FILES_DAYS. Answers how many went.
   */
  async forgetFiles({ naming, olderThan }: { naming?: string; olderThan?: Date }): Promise<number> {
    const names = (await readdir(this.folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
    const address = naming?.toLowerCase();
    let removed = 0;
    for (const name of names) {
      const path = join(this.folder, name);
      const old = olderThan && ((await stat(path).catch(() => null))?.mtime ?? olderThan) < olderThan;
      // Quoted-printable lines are cut with a soft break (=): joined again before the address is looked for.
      const theirs = address && (await readFile(path, 'utf8').catch(() => '')).replace(/=\r?\n/g, '').toLowerCase().includes(address);
      if (!old && !theirs) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }
}
