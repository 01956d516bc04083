// The published package ships the schema beside its sources only, so it is imported from there.
import schema from '@uniswap/token-lists/src/tokenlist.schema.json' with { type: 'json' };
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { TokenList } from './TokenList.js';

export type TokenListValidator = (value: unknown) => { list: TokenList } | { problems: string[] };

/**
 * Checks a document against the token-lists JSON schema (the standard wallets import), answering the
 * first few problems as "path: message" lines when it does not conform.
 */
export function createTokenListValidator(): TokenListValidator {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile<TokenList>(schema);
  return (value) => {
    if (validate(value)) return { list: value };
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is invalid'}`.slice(0, 200));
    return { problems };
  };
}
