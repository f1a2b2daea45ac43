/**
 * Photos as cameras write them: the public corpus of EXIF orientations (fixtures/real/exif-orientation, one picture
 * stored in each of the 8 orientations a camera may record). Each is kept upright, as its first one shows, and
 * without its EXIF; through the whole upload path, on each backend.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VaultService, incomingDir } from '../src/vault/vault.service.js';
import { BACKENDS, type TestApi } from './backends.js';
import { fixture } from './fixture-files.js';

const ORIENTATIONS = [1, 2, 3, 4, 5, 6, 7, 8];

/** A picture as small grey pixels, to compare two of them whatever their encoding. */
const thumbnail = (bytes: Buffer) => sharp(bytes).resize(48, 32, { fit: 'fill' }).greyscale().raw().toBuffer();

function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += Math.abs(a[index]! - b[index]!);
  return sum / a.length;
}

describe.each(BACKENDS)('photos of every EXIF orientation on $name', (backend) => {
  let api: TestApi;
  let upright: Buffer;

  beforeAll(async () => {
    api = await backend.start({ seedDemo: false });
    // The first of the corpus needs no turning: what every other must look like once kept.
    upright = await thumbnail(fixture('real/exif-orientation/Landscape_1.jpg'));
  });

  afterAll(async () => {
    await api?.stop();
  });

  it.each(ORIENTATIONS)('keeps Landscape_%i.jpg upright, without its EXIF', async (orientation) => {
    const upload = fixture(`real/exif-orientation/Landscape_${orientation}.jpg`);
    mkdirSync(incomingDir(api.config.dataDir), { recursive: true });
    const path = join(incomingDir(api.config.dataDir), randomUUID());
    writeFileSync(path, upload);
    const documents = api.app.get(VaultService);
    const kept = await documents.ingest({ path, originalName: `Landscape_${orientation}.jpg`, type: 'tax_notices' });
    const content = await documents.open(kept);
    const metadata = await sharp(content).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1800, height: 1200 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Turned the wrong way, or mirrored, the picture differs from the upright one by far more than its re-encoding.
    expect(difference(await thumbnail(content), upright)).toBeLessThan(6);
  });

  it('tells a picture turned the wrong way from an upright one', async () => {
    const mirrored = await sharp(fixture('real/exif-orientation/Landscape_1.jpg')).flop().jpeg().toBuffer();
    expect(difference(await thumbnail(mirrored), upright)).toBeGreaterThan(15);
  });
});
