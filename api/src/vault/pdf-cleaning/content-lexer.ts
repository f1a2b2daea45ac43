// A content stream's lexer: just enough of it to follow the operators that draw pictures.
import { jpegPixels } from './picture-sizes.js';

const WHITE = new Uint8Array(256);
for (const code of [0, 9, 10, 12, 13, 32]) WHITE[code] = 1;
const DELIMITER = new Uint8Array(256);
for (const character of '()<>[]{}/%') DELIMITER[character.charCodeAt(0)] = 1;

export type Operand = string | number | null;

/** Inline pictures' components by their colour space (other colour spaces: the data's end is searched for). */
const INLINE_COMPONENTS: Record<string, number> = { G: 1, DeviceGray: 1, CalGray: 1, RGB: 3, DeviceRGB: 3, CalRGB: 3, CMYK: 4, DeviceCMYK: 4, I: 1, Indexed: 1 };

interface Inline {
  pixels: number;
}

/**
 * Reads a content stream, calling `operator` for each operator with its last two operands (names as `/Name`), and
 * `inline` for each inline picture (`BI … ID … EI`) with its pixels.
 */
export function lex(data: Uint8Array, operator: (name: string, last: Operand, before: Operand) => void, inline: (picture: Inline) => void) {
  const length = data.length;
  let at = 0;
  let last: Operand = null;
  let before: Operand = null;
  const push = (operand: Operand) => ((before = last), (last = operand));
  /** Whether numbers are read for their value (in an inline picture's dictionary). */
  let numbers = false;

  const skipString = () => {
    let depth = 0;
    for (; at < length; at += 1) {
      const code = data[at];
      if (code === 0x5c) at += 1;
      else if (code === 0x28) depth += 1;
      else if (code === 0x29 && --depth === 0) return void (at += 1);
    }
  };
  const skipRegular = () => {
    while (at < length && !WHITE[data[at]!] && !DELIMITER[data[at]!]) at += 1;
  };
  const regular = () => {
    const start = at;
    skipRegular();
    return Buffer.from(data.buffer, data.byteOffset + start, at - start).toString('latin1');
  };
  /** The next token: a name (`/Name`), a number, a keyword, or null for whatever else (strings, arrays, dictionaries). */
  const token = (): Operand | undefined => {
    while (at < length) {
      const code = data[at]!;
      if (WHITE[code]) at += 1;
      else if (code === 0x25) while (at < length && data[at] !== 0x0a && data[at] !== 0x0d) at += 1;
      else break;
    }
    if (at >= length) return undefined;
    const code = data[at]!;
    if (code === 0x2f) {
      at += 1;
      const name = regular();
      return `/${name.includes('#') ? name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : name}`;
    }
    if (code === 0x28) return skipString(), null;
    if (code === 0x3c) {
      if (data[at + 1] === 0x3c) return (at += 2), '<<';
      const end = data.indexOf(0x3e, at);
      return (at = end < 0 ? length : end + 1), null;
    }
    if (code === 0x3e) return (at += data[at + 1] === 0x3e ? 2 : 1), '>>';
    if (DELIMITER[code]) return (at += 1), String.fromCharCode(code);
    // Numbers, and operators longer than three letters, matter only by their kind outside an inline picture's
    // dictionary: no string is made of them.
    const start = at;
    if (code === 0x2b || code === 0x2d || code === 0x2e || (code >= 0x30 && code <= 0x39)) {
      if (!numbers) return skipRegular(), 0;
      return Number.parseFloat(regular()) || 0;
    }
    skipRegular();
    return at - start > 3 && !numbers ? 'operator' : Buffer.from(data.buffer, data.byteOffset + start, at - start).toString('latin1');
  };

  /** The inline picture's dictionary, up to ID, then its data up to EI. */
  const inlinePicture = () => {
    const entries = new Map<string, Operand | Operand[]>();
    let key: string | null = null;
    numbers = true;
    for (let value = token(); value !== undefined && value !== 'ID'; value = token()) {
      if (key === null) {
        if (typeof value === 'string' && value.startsWith('/')) key = value.slice(1);
        continue;
      }
      if (value === '[') {
        const items: Operand[] = [];
        for (let item = token(); item !== undefined && item !== ']' && item !== 'ID'; item = token()) items.push(item);
        entries.set(key, items);
      } else if (value === '<<') {
        for (let depth = 1, item = token(); item !== undefined && item !== 'ID'; item = token()) {
          if (item === '<<') depth += 1;
          else if (item === '>>' && --depth === 0) break;
        }
      } else entries.set(key, value);
      key = null;
    }
    numbers = false;
    at += 1; // The single white-space character after ID.
    const get = (...names: string[]) => names.map((name) => entries.get(name)).find((value) => value !== undefined);
    const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
    const width = number(get('W', 'Width'));
    const height = number(get('H', 'Height'));
    const filter = get('F', 'Filter');
    const filters = (Array.isArray(filter) ? filter : filter ? [filter] : []).map((name) => String(name).slice(1));
    const start = at;
    // Where the data ends, and where its EI is.
    let end = -1;
    let ei = -1;
    if (filters.length === 0) {
      const mask = get('IM', 'ImageMask') === 'true';
      const space = get('CS', 'ColorSpace');
      const components = mask ? 1 : INLINE_COMPONENTS[Array.isArray(space) ? String(space[0]).slice(1) : String(space).slice(1)];
      const bits = mask ? 1 : number(get('BPC', 'BitsPerComponent'));
      if (components && bits) {
        const expected = start + Math.ceil((width * components * bits) / 8) * height;
        let after = expected;
        while (after < length && WHITE[data[after]!]) after += 1;
        if (data[after] === 0x45 && data[after + 1] === 0x49) {
          end = expected;
          ei = after;
        }
      }
    }
    if (end < 0) {
      // The first EI between white space that plain operators follow (binary data rarely looks like that).
      for (let found = data.indexOf('EI'.charCodeAt(0), start); found >= 0; found = data.indexOf(0x45, found + 1)) {
        if (data[found + 1] !== 0x49 || (found > start && !WHITE[data[found - 1]!]) || (found + 2 < length && !WHITE[data[found + 2]!])) continue;
        const next = data.subarray(found + 2, Math.min(length, found + 34));
        if (next.every((byte) => byte >= 0x09 && byte < 0x7f)) {
          end = ei = found;
          break;
        }
      }
    }
    if (end < 0) end = ei = length;
    let pixels = width * height;
    if (filters.at(-1) === 'DCT' || filters.at(-1) === 'DCTDecode') pixels = Math.max(pixels, jpegPixels(data.subarray(start, end)));
    inline({ pixels });
    at = Math.min(length, ei + 2);
  };

  for (let value = token(); value !== undefined; value = token()) {
    if (typeof value === 'string' && /^[A-Za-z'"*]/.test(value) && value !== 'true' && value !== 'false' && value !== 'null') {
      if (value === 'BI') inlinePicture();
      else operator(value, last, before);
      last = before = null;
    } else push(typeof value === 'number' || (typeof value === 'string' && value.startsWith('/')) ? value : null);
  }
}
