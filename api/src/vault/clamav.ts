import { createReadStream } from 'node:fs';
import { connect, type Socket } from 'node:net';

/** What clamd said of a file: clean, or the name of what it found. */
export type ScanVerdict = { infected: false } | { infected: true; signature: string };

/** clamd could not give a verdict: unreachable, too slow, or answering an error. */
export class ClamavError extends Error {}

/** Chunks as clamd's INSTREAM takes them; well under its default StreamMaxLength (25 MB) per chunk. */
const CHUNK_BYTES = 64 * 1024;

/** host and port of a `tcp://host:port` address, as the configuration checked it. */
function address(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) };
}

/**
 * Sends one command to clamd and reads its answer, up to the NUL that ends an answer to a `z` command. `send` writes
 * what follows the command; the socket gives up after `timeoutMs` without activity.
 */
function exchange(url: string, command: string, timeoutMs: number, send: (socket: Socket) => Promise<void> = async () => undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(address(url));
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null, answer?: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(error instanceof ClamavError ? error : new ClamavError(`clamd at ${url}: ${error.message}`));
      else resolve(answer!);
    };
    socket.setTimeout(timeoutMs, () => finish(new ClamavError(`clamd at ${url} did not answer within ${timeoutMs} ms`)));
    socket.on('error', (error) => finish(error));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      const end = all.indexOf(0);
      if (end >= 0) finish(null, all.subarray(0, end).toString('utf8').trim());
    });
    socket.on('end', () => finish(null, Buffer.concat(chunks).toString('utf8').replace(/\0/g, '').trim()));
    socket.on('connect', () => {
      socket.write(`z${command}\0`);
      // clamd may answer (and close) before the whole stream is sent, when it refuses it: its answer then decides.
      send(socket).catch((error: Error) => setTimeout(() => finish(error), 100));
    });
  });
}

function write(socket: Socket, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new ClamavError('clamd closed the connection'));
    if (socket.write(data)) return resolve();
    const cleanUp = () => {
      socket.off('drain', onDrain);
      socket.off('close', onClose);
    };
    const onDrain = () => {
      cleanUp();
      resolve();
    };
    const onClose = () => {
      cleanUp();
      reject(new ClamavError('clamd closed the connection'));
    };
    socket.on('drain', onDrain);
    socket.on('close', onClose);
  });
}

function chunkHeader(length: number): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(length);
  return header;
}

/**
 * Streams a file to clamd (INSTREAM: chunks each preceded by its length, 4 bytes big-endian, then a zero length) and
 * reads its verdict. Throws a ClamavError when clamd gives none.
 */
export async function scanFile(url: string, path: string, { timeoutMs }: { timeoutMs: number }): Promise<ScanVerdict> {
  const answer = await exchange(url, 'INSTREAM', timeoutMs, async (socket) => {
    for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
      await write(socket, Buffer.concat([chunkHeader(chunk.length), chunk]));
    }
    await write(socket, chunkHeader(0));
  });
  if (answer === 'stream: OK') return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { infected: true, signature: found[1]! };
  throw new ClamavError(`clamd at ${url} answered: ${answer || '(nothing)'}`);
}

/** Whether clamd answers PING with PONG. */
export async function pingClamav(url: string, { timeoutMs }: { timeoutMs: number }): Promise<boolean> {
  try {
    return (await exchange(url, 'PING', timeoutMs)) === 'PONG';
  } catch {
    return false;
  }
}
