/**
 * HEIC/HEIF photos decoded by either decoder alike: libheif's heif-convert (native) and the WASM build of libheif. The
 * photos are encoded here by libheif's heif-enc (HEVC, as phones encode them), one with two images, as burst shots and
 * some Android phones write them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHeicDecoder, heicToJpeg, type HeicDecoder } from '../src/vault/heic.js';
import { cleanPhoto } from '../src/vault/photos.js';

const native = findHeicDecoder();
if (native.kind !== 'native' && process.env.CI) throw new Error('heif-convert is missing: install Debian’s libheif-examples (.ci/run does)');
const describeNative = native.kind === 'native' ? describe : describe.skip;

describeNative('HEIC photos', () => {
  const folder = mkdtempSync(join(tmpdir(), 'hsa-lli-heic-photos-'));
  const scratch = join(folder, 'scratch');
  const twoImages = join(folder, 'two.heic');

  beforeAll(async () => {
    await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c33' } }).jpeg().toFile(join(folder, 'first.jpg'));
    await sharp({ create: { width: 200, height: 320, channels: 3, background: '#33c' } }).jpeg().toFile(join(folder, 'second.jpg'));
    execFileSync('heif-enc', ['-q', '50', '-o', twoImages, join(folder, 'first.jpg'), join(folder, 'second.jpg')], { stdio: 'ignore' });
    execFileSync('mkdir', ['-m', '700', scratch]);
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.each([['native', native], ['WASM', { kind: 'wasm' }]] as [string, HeicDecoder][])('decodes each image of a file that holds two, by the %s decoder', async (_, decoder) => {
    const first = await sharp(await heicToJpeg(twoImages, decoder, scratch, 0)).metadata();
    const second = await sharp(await heicToJpeg(twoImages, decoder, scratch, 1)).metadata();
    expect([first.width, first.height, second.width, second.height]).toEqual([320, 200, 200, 320]);
    // Nothing of the decoding is left behind.
    expect(readdirSync(scratch)).toEqual([]);
  }, 60_000);

  it('keeps the primary image of a file that holds two', async () => {
    const kept = await cleanPhoto(twoImages, 'image/heic', { heic: native, scratch });
    expect(kept.contentType).toBe('image/jpeg');
    const { width, height, exif } = await sharp(kept.bytes).metadata();
    expect({ width, height, exif }).toEqual({ width: 320, height: 200, exif: undefined });
  });
});
