import { type Address, parseWithSraErrors, type TokenRecord, tokenSchema } from '@relayer/protocol';
import type { TokenMetadata } from '../chain/readTokenMetadata.js';
import type { Queryable } from '../db/Database.js';
import { refusal } from '../errors/toErrorResponse.js';
import { schemaRefusal } from '../orders/schemaRefusal.js';
import type { TokenDirectory } from './createTokenDirectory.js';

export interface SubmitTokenContext {
  db: Queryable;
  network: string;
  tokens: TokenDirectory;
  readTokenMetadata: (address: Address) => Promise<TokenMetadata>;
}

/**
 * `POST /token/new`: adds a token a user names. The address must hold a contract answering ERC20 calls,
 * and what the contract says about itself (name, symbol, decimals, where it says anything) must agree
 * with the submission; the chain's spelling is stored. Addresses and symbols are unique per network.
 * New tokens are unverified until the TokenRegistry lists them.
 */
export async function submitToken(context: SubmitTokenContext, input: unknown): Promise<TokenRecord> {
  const { db, network, tokens } = context;
  const parsed = parseWithSraErrors(tokenSchema, input);
  if (!parsed.success) throw schemaRefusal(parsed);
  const submitted = parsed.data;

  if (await tokens.get(network, submitted.address)) {
    throw refusal('TOKEN_ALREADY_EXISTS', 'address', 'This token is already listed');
  }
  await assertSymbolFree(db, network, submitted.symbol);

  const onChain = await context.readTokenMetadata(submitted.address);
  if (!onChain.isContract) throw refusal('NOT_A_TOKEN', 'address', 'There is no contract at this address');
  if (!onChain.isErc20) {
    throw refusal('NOT_A_TOKEN', 'address', 'The contract at this address does not answer ERC20 calls');
  }
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (onChain.name !== undefined && !same(onChain.name, submitted.name)) {
    throw refusal('TOKEN_METADATA_MISMATCH', 'name', `The token calls itself "${onChain.name}"`);
  }
  if (onChain.symbol !== undefined && !same(onChain.symbol, submitted.symbol)) {
    throw refusal('TOKEN_METADATA_MISMATCH', 'symbol', `The token's symbol is "${onChain.symbol}"`);
  }
  if (onChain.decimals !== undefined && onChain.decimals !== submitted.decimals) {
    throw refusal('TOKEN_METADATA_MISMATCH', 'decimals', `The token has ${onChain.decimals} decimals`);
  }

  const token: TokenRecord = {
    address: submitted.address,
    name: onChain.name?.trim() || submitted.name,
    symbol: onChain.symbol?.trim() || submitted.symbol,
    decimals: submitted.decimals,
    verified: false,
  };
  try {
    const rows = await db.query(
      `INSERT INTO tokens (network, address, name, symbol, decimals, verified) VALUES ($1, $2, $3, $4, $5, false)
        ON CONFLICT (network, address) DO NOTHING RETURNING address`,
      [network, token.address, token.name, token.symbol, token.decimals],
    );
    if (rows.length === 0) throw refusal('TOKEN_ALREADY_EXISTS', 'address', 'This token is already listed');
  } catch (error) {
    // A concurrent submission took the symbol between the check and the insert.
    if ((error as { code?: unknown }).code === '23505') {
      throw refusal('TOKEN_ALREADY_EXISTS', 'symbol', 'Another token already uses this symbol');
    }
    throw error;
  } finally {
    tokens.invalidate(network);
  }
  return token;
}

async function assertSymbolFree(db: Queryable, network: string, symbol: string): Promise<void> {
  const rows = await db.query('SELECT address FROM tokens WHERE network = $1 AND upper(symbol) = upper($2)', [
    network,
    symbol,
  ]);
  if (rows.length > 0)
    throw refusal('TOKEN_ALREADY_EXISTS', 'symbol', 'Another token already uses this symbol');
}
