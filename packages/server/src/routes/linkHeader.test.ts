import fc from 'fast-check';
import { expect, test } from 'vitest';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import { linkHeader } from './linkHeader.js';

const SEED = TEST_SEED;

/** The header as it was first written (one URLSearchParams per link): the reference for its bytes. */
function reference(...[path, query, page, perPage, total]: Parameters<typeof linkHeader>): string {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (target: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (key === 'page' || key === 'per_page' || typeof value !== 'string') continue;
      params.set(key, value);
    }
    params.set('page', String(target));
    params.set('per_page', String(perPage));
    return `<${path}?${params.toString()}>`;
  };
  const links = [`${url(1)}; rel="first"`];
  if (page > 1) links.push(`${url(Math.min(page - 1, lastPage))}; rel="prev"`);
  if (page < lastPage) links.push(`${url(page + 1)}; rel="next"`);
  links.push(`${url(lastPage)}; rel="last"`);
  return links.join(', ');
}

test('the Link header is byte for byte what one URLSearchParams per link writes, for any query', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom('', '&', '=', '?', '#', '+', ' ', '%20', 'page', 'per_page', '0xab', '€'),
  );
  const value = fc.oneof(
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(undefined),
    fc.array(text, { maxLength: 2 }),
  );
  fc.assert(
    fc.property(
      fc.dictionary(text, value, { maxKeys: 6 }),
      fc.integer({ min: 1, max: 1000 }),
      fc.integer({ min: 1, max: 1000 }),
      fc.integer({ min: 0, max: 100_000 }),
      (query, page, perPage, total) => {
        expect(linkHeader('/v0/orders', query, page, perPage, total)).toBe(
          reference('/v0/orders', query, page, perPage, total),
        );
      },
    ),
    { seed: SEED, numRuns: 2000 },
  );
});
