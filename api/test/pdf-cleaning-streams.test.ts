/**
 * `cleanPdf` on its own (no server): object streams are held to their sizes before pdf-lib inflates them, encrypted
 * ones once qpdf has decrypted them, cross-reference streams are read without decoding, and the clean copy to its size.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib, deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '../src/vault/messages.js';
import { cleanPdf, PDF_MAX_COPY_BYTES, PDF_MAX_OBJECT_STREAM_BYTES, PDF_MAX_OBJECT_STREAMS_BYTES } from '../src/vault/pdf-cleaning/index.js';
import { rawPdf } from './hostile-pdfs.js';
import { refusal, scratchFolder } from './pdf-cleaning-checks.js';

/** RC4, the cipher of PDF's oldest encryption (revision 2), which qpdf still reads. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + state[i]! + key[i % key.length]!) & 255;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) & 255;
    j = (j + state[i]!) & 255;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[n] = data[n]! ^ state[(state[i]! + state[j]!) & 255]!;
  }
  return out;
}

/**
 * A PDF of 1.6 MB encrypted with an owner password only (RC4, revision 2: it opens without a password), whose object
 * stream inflates to 1.5 GiB: made by hand, as qpdf would pack the spaces away if it wrote it. Only once decrypted can
 * its object stream be read: qpdf inflates it whole to decrypt the file.
 */
function encryptedObjectStreamBomb(): Buffer {
  const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
  const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-44);
  const owner = rc4(md5(Buffer.concat([Buffer.from('proprietaire'), PAD]).subarray(0, 32)).subarray(0, 5), PAD);
  const key = md5(PAD, owner, permissions, id).subarray(0, 5);
  const user = rc4(key, PAD);
  // The object stream's zlib data: its object, then a megabyte of spaces deflated once and repeated (each copy starts
  // afresh), then the last block and the checksum of it all.
  const head = Buffer.from('200 0\n<< /Kept true >>\n');
  const copies = 1536;
  const megabyte = 1024 * 1024;
  const spacesDeflated = deflateRawSync(Buffer.alloc(megabyte, 0x20), { finishFlush: zlib.Z_SYNC_FLUSH });
  const raw = [deflateRawSync(head, { finishFlush: zlib.Z_SYNC_FLUSH }), ...Array.from({ length: copies }, () => spacesDeflated), deflateRawSync(Buffer.alloc(0))];
  let [a, b] = [1n, 0n];
  for (const byte of head) [a, b] = [(a + BigInt(byte)) % 65521n, (b + a + BigInt(byte)) % 65521n];
  const spaces = BigInt(copies * megabyte);
  [a, b] = [(a + 32n * spaces) % 65521n, (b + spaces * a + (32n * spaces * (spaces + 1n)) / 2n) % 65521n];
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(Number((b << 16n) | a));
  const plain = Buffer.concat([Buffer.from([0x78, 0x9c]), ...raw, checksum]);
  const objectKey = (number: number) => md5(key, Buffer.from([number & 255, (number >> 8) & 255, number >> 16, 0, 0])).subarray(0, 10);
  const data = rc4(objectKey(3), plain);

  const chunks: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  const object = (number: number, ...parts: Buffer[]) => {
    offsets[number] = length;
    const bytes = Buffer.concat([Buffer.from(`${number} 0 obj\n`), ...parts, Buffer.from('\nendobj\n')]);
    chunks.push(bytes);
    length += bytes.length;
  };
  object(1, Buffer.from('<< /Type /Catalog /Pages 2 0 R /Kept 200 0 R >>'));
  object(2, Buffer.from('<< /Type /Pages /Kids [5 0 R] /Count 1 >>'));
  object(3, Buffer.from(`<< /Type /ObjStm /N 1 /First 6 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream'));
  object(5, Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'));
  object(6, Buffer.from(`<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P -44 >>`));
  offsets[4] = length;
  const entry = (type: number, field: number, generation: number) => {
    const row = Buffer.alloc(7);
    row.writeUInt8(type);
    row.writeUInt32BE(field, 1);
    row.writeUInt16BE(generation, 5);
    return row;
  };
  const rows = Buffer.concat([entry(0, 0, 65535), ...[1, 2, 3, 4, 5, 6].map((number) => entry(1, offsets[number]!, 0)), entry(2, 3, 0)]);
  const xref = `<< /Type /XRef /Size 201 /Index [0 7 200 1] /W [1 4 2] /Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] /Length ${rows.length} >>\nstream\n`;
  chunks.push(Buffer.from(`4 0 obj\n${xref}`), rows, Buffer.from(`\nendstream\nendobj\nstartxref\n${offsets[4]}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

describe('object and cross-reference streams, and the size of the clean copy', () => {
  const scratch = scratchFolder();
  const tooComplex = REFUSALS.pdfTooComplex;
  const deflated = new Map<string, Buffer>();
  /** `data` deflated, made once for each content (the bombs below are deflated from 100 MB). */
  const deflate = (data: Buffer) => {
    const key = `${data.length}:${data.subarray(0, 256).toString('latin1')}`;
    let result = deflated.get(key);
    if (!result) deflated.set(key, (result = deflateSync(data, { level: 9 })));
    return result;
  };

  /**
   * An object stream for `rawPdf`'s `extra`: `objects` (numbered from `number` on) after their numbers and offsets
   * (or `pairs` instead), then `tail`; `encode` does its filters' work, `filter` names them, `entries` add to its dictionary.
   */
  function objectStream(
    objects: string[],
    { number = 200, tail = Buffer.alloc(0), filter = '/FlateDecode', encode = deflate, entries = '', pairs }: { number?: number; tail?: Buffer; filter?: string; encode?: (data: Buffer) => Buffer; entries?: string; pairs?: string[] } = {},
  ): string {
    let offset = 0;
    const list =
      pairs ??
      objects.map((object, index) => {
        const pair = `${number + index} ${offset}`;
        offset += Buffer.byteLength(object, 'latin1') + 1;
        return pair;
      });
    const header = `${list.join(' ')}\n`;
    const data = encode(Buffer.concat([Buffer.from(header + objects.map((object) => `${object}\n`).join(''), 'latin1'), tail]));
    return `<< /Type /ObjStm /N ${list.length} /First ${header.length} ${entries} /Filter ${filter} /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;
  }
  /** An object stream holding a small dictionary then 100 MB of spaces (about 100 KB deflated). */
  const spaces = Buffer.alloc(100_000_000, 0x20);

  it('refuses object streams that decompress to hundreds of megabytes before pdf-lib inflates them', async () => {
    const said = await refusal(rawPdf({ catalog: '/Kept 200 0 R', extra: [objectStream(['<< /Kept true >>'], { tail: spaces })] }));
    expect(said).toBe(tooComplex);
  });

  it('finds an object stream however far its dictionary puts its data', async () => {
    const padded = objectStream(['<< /Kept true >>'], { tail: spaces, entries: `/Padding (${'x'.repeat(8000)})` });
    const said = await refusal(rawPdf({ catalog: '/Kept 200 0 R', extra: [padded] }));
    expect(said).toBe(tooComplex);
  });

  it('undoes every filter of an object stream’s chain', async () => {
    const hex = objectStream(['<< /Kept true >>'], { tail: spaces, filter: '[/ASCIIHexDecode /FlateDecode]', encode: (data) => Buffer.from(`${deflate(data).toString('hex')}>`) });
    const said = await refusal(rawPdf({ catalog: '/Kept 200 0 R', extra: [hex] }));
    expect(said).toBe(tooComplex);
    // Kept when small, through the same chain.
    const small = objectStream(['<< /Kept true >>'], { filter: '[/ASCIIHexDecode /FlateDecode]', encode: (data) => Buffer.from(`${deflate(data).toString('hex')}>`) });
    expect((await cleanPdf(rawPdf({ catalog: '/Kept 200 0 R', extra: [small] }), 1)).pages).toBe(1);
  });

  it('refuses a small upload holding one big object in an object stream, quickly', async () => {
    const upload = rawPdf({ catalog: '/Big 200 0 R', extra: [objectStream([`(${'a'.repeat(6_000_000)})`])] });
    expect(upload.length).toBeLessThan(100 * 1024);
    const said = await refusal(upload);
    expect(said).toBe(tooComplex);
  });

  it('keeps an object stream at its limit and object streams at theirs together, and refuses a byte more', async () => {
    expect(PDF_MAX_OBJECT_STREAM_BYTES).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    /** An object stream of `size` bytes once decoded: the object `null`, then spaces. */
    const sized = (size: number, number = 200) => objectStream(['null'], { number, tail: Buffer.alloc(size - `${number} 0\nnull\n`.length, 0x20) });
    expect((await cleanPdf(rawPdf({ extra: [sized(PDF_MAX_OBJECT_STREAM_BYTES)] }), 1)).pages).toBe(1);
    expect(await refusal(rawPdf({ extra: [sized(PDF_MAX_OBJECT_STREAM_BYTES + 1)] }))).toBe(tooComplex);
    const count = PDF_MAX_OBJECT_STREAMS_BYTES / PDF_MAX_OBJECT_STREAM_BYTES;
    const streams = Array.from({ length: count }, (_, index) => sized(PDF_MAX_OBJECT_STREAM_BYTES, 200 + index));
    expect((await cleanPdf(rawPdf({ extra: streams }), 1)).pages).toBe(1);
    expect(await refusal(rawPdf({ extra: [...streams, sized(16, 300)] }))).toBe(tooComplex);
  });

  it('reads each object of an object stream once: objects that overlap are broken', async () => {
    // A hundred numbers all at the offset of one 2 MB string: pdf-lib would read it a hundred times.
    const overlapping = objectStream([`(${'a'.repeat(2_000_000)})`], { pairs: Array.from({ length: 100 }, () => '200 0') });
    const said = await refusal(rawPdf({ catalog: '/Big 200 0 R', extra: [overlapping] }));
    expect(said).toBe(REFUSALS.brokenPdf);
  });

  it('refuses as broken an object stream whose filters cannot be undone', async () => {
    for (const stream of [
      objectStream(['<< /Kept true >>'], { filter: '/DCTDecode', encode: (data) => data }),
      objectStream(['<< /Kept true >>'], { filter: '/FlateDecode', encode: (data) => Buffer.concat([Buffer.from('not deflated'), data]) }),
      objectStream(['<< /Kept true >>'], { entries: '/DecodeParms << /Predictor 12 /Columns 4 >>' }),
    ]) {
      expect(await refusal(rawPdf({ catalog: '/Kept 200 0 R', extra: [stream] }))).toBe(REFUSALS.brokenPdf);
    }
  });

  it('reads a cross-reference stream’s trailer without decoding its entries', async () => {
    // 5 million entries announced, and a deflated bomb: neither matters, nothing reads the entries.
    const empty = '<< /Type /XRef /Size 5000000 /W [0 0 0] /Root 1 0 R /Length 0 >>\nstream\n\nendstream';
    const bomb = deflate(spaces);
    const inflating = `<< /Type /XRef /Size 4 /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n${bomb.toString('latin1')}\nendstream`;
    for (const xref of [empty, inflating]) {
      expect((await cleanPdf(rawPdf({ extra: [xref] }), 1)).pages).toBe(1);
    }
  });

  it('checks the object streams of an encrypted PDF once qpdf has decrypted them', async () => {
    /** An upload qpdf encrypts with an owner password only, its objects packed in object streams. */
    const encrypted = (extra: string) => {
      const input = join(scratch, 'upload.pdf');
      const output = join(scratch, 'encrypted.pdf');
      writeFileSync(input, rawPdf({ catalog: '/Big 100 0 R', extra: [extra] }));
      execFileSync('qpdf', ['--object-streams=generate', '--encrypt', '', 'proprietaire', '256', '--', input, output]);
      const bytes = readFileSync(output);
      expect(bytes.includes('/ObjStm')).toBe(true);
      return bytes;
    };
    expect((await cleanPdf(encrypted('(Revenu fiscal de reference)'), 1)).pages).toBe(1);
    const big = encrypted(`(${'a'.repeat(6_000_000)})`);
    expect(big.length).toBeLessThan(100 * 1024);
    expect(await refusal(big)).toBe(tooComplex);
  });

  it('refuses an encrypted PDF whose object stream qpdf would inflate to gigabytes, qpdf held to its memory', async () => {
    const upload = encryptedObjectStreamBomb();
    expect(upload.length).toBeLessThan(2 * 1024 * 1024);
    const said = await refusal(upload);
    expect(said).toBe(tooComplex);
  });

  it('refuses a file whose clean copy would be more than twice the upload limit', async () => {
    // A name of 7 million bytes outside the plain characters: written again as #E9, each takes three.
    const upload = rawPdf({ catalog: '/Big 100 0 R', extra: [`/${'\xe9'.repeat(7_000_000)}`] });
    expect(upload.length).toBeLessThan(10 * 1024 * 1024);
    expect(PDF_MAX_COPY_BYTES).toBe(20 * 1024 * 1024);
    expect(await refusal(upload)).toBe(REFUSALS.pdfCopyTooLarge(20));
  });
});
