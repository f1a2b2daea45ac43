import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** An e-mail as a test reads it: its headers (names lower-cased), the plain-text part decoded, and the links in it. */
export interface ReceivedMail {
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  links: string[];
  /** Its attached files (parts with a file name), decoded as text. */
  attachments: { filename: string; contentType: string; content: string }[];
}

export interface SmtpInbox {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The first message (already here or still to come) that passes the test. */
  waitFor(test: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Encoded words of a header (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The text/plain content of a message, through multipart containers. */
function plainText(raw: string): string {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    for (const part of parts) {
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  return type.toLowerCase().startsWith('text/plain') ? decodeBody(body, headers.get('content-transfer-encoding')) : '';
}

/** The parts of a message that carry a file name, through multipart containers. */
function attachmentsOf(raw: string): ReceivedMail['attachments'] {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => attachmentsOf(part.replace(/^\r?\n/, '')));
  }
  const filename = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '')?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1];
  return filename ? [{ filename, contentType: type, content: decodeBody(body, headers.get('content-transfer-encoding')) }] : [];
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers } = split(raw);
  const text = plainText(raw);
  return {
    to,
    headers: Object.fromEntries([...headers].map(([name, value]) => [name, decodeHeader(value)])),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    attachments: attachmentsOf(raw),
  };
}

/** A real SMTP server on localhost that keeps what it receives, for tests. */
export async function startInbox(port = 0): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiters: { test: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((rcpt) => rcpt.address));
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.test(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    waitFor(test, timeoutMs = 10_000) {
      const found = messages.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { test, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          if (waiters.includes(waiter)) reject(new Error('No matching e-mail arrived in time'));
        }, timeoutMs).unref();
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
