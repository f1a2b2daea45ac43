import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Keyring } from './keyring.js';

/**
 * An encrypted document on disk: `HSADOC` and a format version, the key id (its length in one byte, then ASCII), a
 * 12-byte IV, the AES-256-GCM ciphertext, and the 16-byte tag. The header is authenticated with the content, so that
 * any file can be read knowing only the keyring, and none can be altered unnoticed.
 */
const MAGIC = Buffer.from('HSADOC\x01', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored name: random, and nothing else (no extension, no hint of its owner). */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.enc$/;

/** Reading the source of a document failed (its decoder refused it), as opposed to writing it. */
export class SourceError extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/** A stored file that cannot be read back: unknown key, altered or truncated. */
export class VaultError extends Error {}

export interface StoredFile {
  storedName: string;
  keyId: string;
  /** Bytes before encryption. */
  size: number;
  /** SHA-256 (hex) of the content before encryption. */
  sha256: string;
}

function header(keyId: string, iv: Buffer): Buffer {
  const id = Buffer.from(keyId, 'ascii');
  return Buffer.concat([MAGIC, Buffer.from([id.length]), id, iv]);
}

export function storedPath(folder: string, storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new VaultError(`Not a stored document name: ${storedName}`);
  return join(folder, storedName);
}

/**
 * Encrypts what `source` yields into a new file of `folder`, chunk by chunk (never the whole content in memory), with
 * the keyring's current key and a fresh IV. The file appears under its name only once complete. An error of the
 * source is thrown as a SourceError; nothing is left behind on any error.
 */
export async function encryptInto(folder: string, keyring: Keyring, source: AsyncIterable<Buffer | Uint8Array>): Promise<StoredFile> {
  await mkdir(folder, { recursive: true });
  const storedName = `${randomUUID()}.enc`;
  return { storedName, ...(await encryptAt(storedPath(folder, storedName), keyring, source)) };
}

/**
 * Encrypts what `source` yields into the file `target`, as encryptInto does, for a file whose name the caller makes
 * (the printed PDFs). The file is written under a temporary name of its own, then renamed: two writers of the same
 * target write one after the other, and a reader never sees half a file.
 */
export async function encryptAt(target: string, keyring: Keyring, source: AsyncIterable<Buffer | Uint8Array>): Promise<Omit<StoredFile, 'storedName'>> {
  const partial = `${target}.${randomUUID()}.partial`;
  const { id, key } = keyring.current;
  const iv = randomBytes(IV_BYTES);
  const head = header(id, iv);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(head);
  const hash = createHash('sha256');
  let size = 0;
  async function* encrypted(): AsyncGenerator<Buffer> {
    yield head;
    const iterator = source[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Buffer | Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        throw new SourceError(error);
      }
      if (next.done) break;
      hash.update(next.value);
      size += next.value.length;
      yield cipher.update(next.value);
    }
    yield cipher.final();
    yield cipher.getAuthTag();
  }
  try {
    await pipeline(encrypted(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { keyId: id, size, sha256: hash.digest('hex') };
}

/**
 * The content of a stored file, returned only once its tag has been checked: a file altered in any byte, or encrypted
 * with a key the keyring lacks, throws a VaultError.
 */
export function decryptFrom(folder: string, keyring: Keyring, storedName: string): Promise<Buffer> {
  return decryptAt(storedPath(folder, storedName), keyring);
}

/** The content of the encrypted file at `path` (see decryptFrom). */
export async function decryptAt(path: string, keyring: Keyring): Promise<Buffer> {
  const file = await readFile(path);
  const storedName = basename(path);
  if (file.length < MAGIC.length + 1 || !file.subarray(0, MAGIC.length).equals(MAGIC)) throw new VaultError(`${storedName} is not an encrypted document`);
  const idLength = file[MAGIC.length]!;
  const headLength = MAGIC.length + 1 + idLength + IV_BYTES;
  if (file.length < headLength + TAG_BYTES) throw new VaultError(`${storedName} is truncated`);
  const keyId = file.subarray(MAGIC.length + 1, MAGIC.length + 1 + idLength).toString('ascii');
  const key = keyring.keys.get(keyId);
  if (!key) throw new VaultError(`${storedName} is encrypted with key ${keyId}, which DOCUMENTS_KEYS lacks`);
  const decipher = createDecipheriv('aes-256-gcm', key, file.subarray(headLength - IV_BYTES, headLength));
  decipher.setAAD(file.subarray(0, headLength));
  decipher.setAuthTag(file.subarray(file.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(file.subarray(headLength, file.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new VaultError(`${storedName} does not match its authentication tag: it was altered, or the key ${keyId} is not the one it was encrypted with`);
  }
}

/** Deletes stored files; one already gone is no error. */
export async function removeFrom(folder: string, storedNames: readonly string[]): Promise<void> {
  await Promise.all(storedNames.map((name) => rm(storedPath(folder, name), { force: true })));
}
