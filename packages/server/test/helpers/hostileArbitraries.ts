import { MAX_UINT256, orderSortFields } from '@relayer/protocol';
import fc from 'fast-check';

/**
 * Generators of hostile input for the relayer's request boundary (src/routes/hostileInput.test.ts):
 * values a client can put in a query parameter, a path segment, a JSON body, a header or a WebSocket
 * frame, mixed with plausible ones so that generated requests also get past validation and reach SQL,
 * the fill math and the chain.
 */

const unit = (chars: string) => fc.constantFrom(...chars);
const digits = (min: number, max: number) =>
  fc.string({ unit: unit('0123456789'), minLength: min, maxLength: max });
const hex = (min: number, max: number) =>
  fc.string({ unit: unit('0123456789abcdefABCDEF'), minLength: min, maxLength: max });

export const NASTY_CONSTANTS = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1.5',
  '1e3',
  '1e400',
  'NaN',
  'Infinity',
  '0x',
  `0x${'g'.repeat(40)}`,
  `0X${'A'.repeat(40)}`,
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '%00',
  '%FF',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202eHTEW',
  'WETH\u200b',
  '\ufeff',
  "'; DROP TABLE orders; --",
  '\\',
  '"',
  '\n',
  '../../etc/passwd',
  'x'.repeat(600),
  '9'.repeat(79),
  (2n ** 256n).toString(),
  MAX_UINT256.toString(),
  (2n ** 63n).toString(),
  '١٢٣',
  '１２３',
];

/** Any text a client could send where a scalar belongs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_CONSTANTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  digits(1, 100),
  fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }).map(String),
  fc.double().map(String),
  fc.integer().map(String),
  hex(0, 80).map((h) => `0x${h}`),
  hex(40, 40).map((h) => `0x${h}`),
  hex(64, 64).map((h) => `0x${h}`),
);

/** A uint256 distribution weighted towards the edges where products overflow. */
export const hostileUint: fc.Arbitrary<bigint> = fc.oneof(
  fc.constantFrom(0n, 1n, 2n, 999n, 2n ** 128n, 2n ** 128n + 1n, 2n ** 255n, MAX_UINT256, MAX_UINT256 - 1n),
  fc.bigInt({ min: 1n, max: 10n ** 24n }),
  fc.bigInt({ min: 0n, max: MAX_UINT256 }),
  fc.integer({ min: 0, max: 255 }).map((bits) => 1n << BigInt(bits)),
  fc.integer({ min: 1, max: 1_000_000 }).map((d) => MAX_UINT256 / BigInt(d)),
);

const jsonKey = fc.oneof(
  fc.constantFrom(
    'maker',
    'taker',
    'makerTokenAddress',
    'takerTokenAddress',
    'makerTokenAmount',
    'takerTokenAmount',
    'ecSignature',
    'v',
    'r',
    's',
    'salt',
    'orderHash',
    'address',
    'symbol',
    'name',
    'decimals',
    'path',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 12 }),
);

/** Any JSON value: nested objects and arrays of hostile scalars. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(jsonKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Rewrites of a well-formed body: fields replaced by hostile values, removed, or extra ones added. */
export function mutatedBody(template: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.keys(template);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({
          replace: fc.dictionary(fc.constantFrom(...fields, 'orderHash', 'extra'), hostileJson, {
            maxKeys: 3,
          }),
          remove: fc.subarray(fields, { maxLength: Math.min(2, fields.length) }),
        })
        .map(({ replace, remove }) => {
          const body: Record<string, unknown> = { ...template };
          for (const key of remove) delete body[key];
          for (const [key, value] of Object.entries(replace)) body[key] = value;
          return body;
        }),
    },
    { weight: 1, arbitrary: hostileJson },
  );
}

/** Serialisations a client can send: proper JSON, JSON with duplicate keys, cut-off JSON, deep nesting, junk. */
export function hostileBodyText(body: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: body.map((b) => JSON.stringify(b) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc.tuple(body, jsonKey, hostileJson).map(([b, key, value]) => {
        const text = JSON.stringify(b) ?? 'null';
        // A later duplicate of a key: JSON.parse keeps the last, a naive reader the first.
        return text.startsWith('{') && text.length > 2
          ? `${text.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`
          : `{${JSON.stringify(key)}:1,${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`;
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(body, fc.nat()).map(([b, n]) => {
        const text = JSON.stringify(b) ?? 'null';
        return text.slice(0, n % (text.length + 1));
      }),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    },
    { weight: 1, arbitrary: hostileString },
  );
}

export const hostileContentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/octet-stream',
      'application/xml',
      'application/json, text/plain',
      '*/*',
      'nonsense',
    ),
  },
);

/** A keyset cursor the relayer could have issued, with any part of it forged. */
export function forgedCursor(realCursors: readonly string[]): fc.Arbitrary<string> {
  const forged = fc
    .tuple(
      fc.oneof(hostileString, digits(1, 80), fc.constantFrom('0', '1', '1700000000000')),
      // The receive time: digits as issued, too many, or anything else.
      fc.oneof(digits(1, 20), fc.constantFrom('1700000000000'), hostileString, fc.integer()),
      fc.oneof(
        hex(64, 64).map((h) => `0x${h.toLowerCase()}`),
        hostileString,
      ),
      fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.double(), hostileString),
      fc.constantFrom('a', 'b', 'c', '', 1),
      fc.oneof(fc.constantFrom(...orderSortFields), hostileString),
      fc.constantFrom('asc', 'desc', 'up', ''),
    )
    .map((tuple) => Buffer.from(JSON.stringify(tuple)).toString('base64url'));
  return fc.oneof(
    forged,
    realCursors.length > 0 ? fc.constantFrom(...realCursors) : forged,
    fc.string({ unit: unit('ABCDEFabcdef0123456789-_=+/%'), maxLength: 600 }),
    hostileString,
  );
}

/** `key=value` pairs (a key may repeat), each value percent-encoded or raw. */
export function queryString(params: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const names = Object.keys(params);
  const pair = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .constantFrom(...names)
        .chain((name) => (params[name] as fc.Arbitrary<string>).map((v) => [name, v] as const)),
    },
    { weight: 1, arbitrary: fc.tuple(hostileString, hostileString) },
  );
  // Sent verbatim: broken percent-escapes, an encoded NUL, invalid UTF-8 (a lone surrogate's bytes).
  const junk = fc.option(
    fc.tuple(
      fc.constantFrom(...names),
      fc.constantFrom('%FF', '%ED%A0%80', '%00', '%', '%zz', '%C0%AF', '+%2B'),
    ),
    { freq: 4 },
  );
  const surrogates = /[\ud800-\udfff]/g;
  return fc.tuple(fc.array(pair, { maxLength: 6 }), fc.boolean(), junk).map(([pairs, raw, extra]) =>
    [
      ...pairs.map(([k, v]) => {
        const clean = v.replace(surrogates, '');
        const value = raw ? encodeURI(clean) : encodeURIComponent(clean);
        return `${encodeURIComponent(k.replace(surrogates, ''))}=${value.replace(/#/g, '%23')}`;
      }),
      ...(extra ? [`${extra[0]}=${extra[1]}`] : []),
    ].join('&'),
  );
}

/** Client addresses the limits key on: IPv4, IPv6, IPv4-mapped, odd forms. */
export const clientAddress: fc.Arbitrary<string> = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV4().map((ip) => `::ffff:${ip}`),
  fc.constantFrom('127.0.0.1', '::1', 'fe80::1%eth0'),
);

/**
 * `/order` queries whose forged cursor agrees with the query's sort and direction, so the forged key
 * gets past the sort check and reaches the keyset condition (where a bad key once became a failed cast).
 */
export const consistentCursorQuery: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...orderSortFields),
    fc.constantFrom('asc', 'desc'),
    fc.oneof(hostileString, digits(1, 80)),
    fc.oneof(digits(1, 15), digits(16, 20)),
    hex(64, 64).map((h) => `0x${h.toLowerCase()}`),
    fc.integer({ min: 1, max: 1_000_000 }),
    fc.constantFrom('a', 'b'),
    fc.constantFrom('open', 'filled', 'cancelled'),
  )
  .map(([sort, direction, key, created, hash, page, side, state]) => {
    const cursor = Buffer.from(JSON.stringify([key, created, hash, page, side, sort, direction])).toString(
      'base64url',
    );
    return `sort=${sort}&direction=${direction}&state=${state}&cursor=${cursor}`;
  });
