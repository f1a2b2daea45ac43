import { HttpStatus } from '@nestjs/common';

/** Deeper than any body the API takes: a few levels of objects and lists. */
export const MAX_JSON_DEPTH = 32;

const OPEN = new Set([0x7b, 0x5b]); // { [
const CLOSE = new Set([0x7d, 0x5d]); // } ]

/** The nesting depth of a JSON text, read without parsing it. */
export function jsonDepth(body: Buffer): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < body.length; index += 1) {
    const byte = body[index]!;
    if (inString) {
      if (byte === 0x5c) index += 1; // backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (OPEN.has(byte)) deepest = Math.max(deepest, (depth += 1));
    else if (CLOSE.has(byte)) depth -= 1;
  }
  return deepest;
}

/** body-parser's `verify`: a body nested too deep is refused before it is parsed (it would exhaust the stack later). */
export function refuseDeepJson(_request: unknown, _response: unknown, body: Buffer): void {
  if (jsonDepth(body) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error('JSON nested too deep'), { status: HttpStatus.BAD_REQUEST, type: 'entity.too.deep' });
  }
}
