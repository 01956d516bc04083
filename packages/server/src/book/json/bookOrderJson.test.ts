import { expect, test } from 'vitest';
import { BookTexts } from '../model/BookTexts.js';
import { pageBytes } from './bookOrderJson.js';

const ascii = `{"orders":[${'{"maker":"0x12ab","salt":"42"}'.repeat(3)}],"nextCursor":"WyIwIi_-"}`;
const texts = new BookTexts();
const same = (text: string, of = texts) =>
  expect(pageBytes(text, of).equals(Buffer.from(text, 'utf8'))).toBe(true);

test('an ASCII page is sent as its UTF-8 bytes (as latin1)', () => {
  // A string of pieces (as pages are made), and a flat one.
  same(ascii);
  same(`${ascii.slice(0, 40)}${ascii.slice(40)}`);
});

test('a page with latin1 characters is sent as UTF-8', () => {
  for (const text of ['{"s":"é"}', '{"s":"ÿ\u0080"}', '{"s":"€ 𝄞"}']) same(text);
});

test('once a text of the book is not ASCII, every page is encoded as UTF-8', () => {
  // 'Ł' (U+0141) in latin1 would be its low byte, 'A': not detectable from the bytes.
  const book = new BookTexts();
  expect(book.asciiOnlySoFar()).toBe(true);
  book.note('0x12ab');
  expect(book.asciiOnlySoFar()).toBe(true);
  book.note('Ł');
  expect(book.asciiOnlySoFar()).toBe(false);
  same('{"s":"Ł"}', book);
  same(ascii, book);
  // Another book's texts are its own.
  expect(texts.asciiOnlySoFar()).toBe(true);
});
