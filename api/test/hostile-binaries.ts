/** The hostile files that are no PDF, made here in code: a ZIP archive, pictures (a PNG bomb), executables. */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A ZIP archive of one stored (uncompressed) file. */
export function zip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const entries = Buffer.concat([local, fileName, content]);
  const directory = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(entries.length, 16);
  return Buffer.concat([entries, directory, end]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG that says it is `width` × `height` pixels and holds a few kilobytes: decoding it would take gigabytes. */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc((width + 1) * 64));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A small photo-like picture (noise, so that encoders keep its detail). */
export const photo = (width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#7a9', noise: { type: 'gaussian', mean: 128, sigma: 30 } } });

export function elf(): Buffer {
  const header = Buffer.alloc(256);
  header.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 0);
  header.writeUInt16LE(2, 16);
  header.writeUInt16LE(0x3e, 18);
  header.writeUInt32LE(1, 20);
  return header;
}

export function pe(): Buffer {
  const file = Buffer.alloc(512);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  file.writeUInt16LE(0x14c, 0x84);
  return file;
}
