/**
 * What the numeric, money and masked fields let a person type (spec section 5). Each filter takes what the input
 * holds after a keystroke or a paste and gives what the field keeps.
 */

/** Digits, spaces, periods and commas; a leading minus sign too when negatives are allowed. */
export function keepNumeric(typed: string, negative = false): string {
  const kept = typed.replace(/\s/g, ' ').replace(/[^\d ,.-]/g, '');
  const minus = negative && kept.startsWith('-') ? '-' : '';
  return minus + kept.replace(/-/g, '');
}

/**
 * An amount in euros as French writes it: digits and spaces, a decimal comma (a period typed becomes one) and at
 * most two decimals.
 */
export function keepMoney(typed: string, negative = false): string {
  const kept = keepNumeric(typed, negative).replace(/\./g, ',');
  const comma = kept.indexOf(',');
  if (comma < 0) return kept;
  return kept.slice(0, comma + 1) + kept.slice(comma + 1).replace(/[^\d]/g, '').slice(0, 2);
}

/** The slots of a mask: any other character of the mask is written as it is. */
const SLOTS: Record<string, RegExp> = {
  '9': /\d/,
  a: /\p{L}/u,
  '*': /[\p{L}\d]/u,
};

/**
 * Fills a mask's slots — '9' a digit, 'a' a letter, '*' a letter or a digit — with the characters typed, in order:
 * a character no slot takes is dropped, the mask's own characters are written between the slots (never after the
 * last character typed), and what overflows the mask is cut. `applyMask('99 99 99 99 99', '0612345678')` gives
 * '06 12 34 56 78'.
 */
export function applyMask(mask: string, typed: string): string {
  let output = '';
  let literals = '';
  let position = 0;
  for (const character of mask) {
    const slot = SLOTS[character];
    if (!slot) {
      literals += character;
      // The person may type the mask's own character (a space of a phone number): it is taken as written.
      if (typed[position] === character) position += 1;
      continue;
    }
    while (position < typed.length && !slot.test(typed[position]!)) position += 1;
    if (position >= typed.length) break;
    output += literals + typed[position];
    literals = '';
    position += 1;
  }
  return output;
}
