import { expect, test } from 'vitest';
import { asciiOnlySoFar, noteText } from './BookOrder.js';
import { pageBytes } from './bookOrderJson.js';

const ascii = `{"orders":[${'{"maker":"0x12ab","salt":"42"}'.repeat(3)}],"nextCursor":"WyIwIi_-"}`;
const same = (text: string) => expect(pageBytes(text).equals(Buffer.from(text, 'utf8'))).toBe(true);

test('an ASCII page is sent as its UTF-8 bytes (as latin1)', () => {
  // A string of pieces (as pages are made), and a flat one.
  same(ascii);
  same(`${ascii.slice(0, 40)}${ascii.slice(40)}`);
});

test('a page with latin1 characters is sent as UTF-8', () => {
  for (const text of ['{"s":"é"}', '{"s":"ÿ\u0080"}', '{"s":"€ 𝄞"}']) same(text);
});

// Last: it changes what the module knows for the rest of this file.
test('once a text of the book is not ASCII, every page is encoded as UTF-8', () => {
  // 'Ł' (U+0141) in latin1 would be its low byte, 'A': not detectable from the bytes.
  expect(asciiOnlySoFar()).toBe(true);
  noteText('0x12ab');
  expect(asciiOnlySoFar()).toBe(true);
  noteText('Ł');
  expect(asciiOnlySoFar()).toBe(false);
  same('{"s":"Ł"}');
  same(ascii);
});
