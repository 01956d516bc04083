import { type Address, parseWithSraErrors, type TokenRecord, tokenSchema } from '@relayer/protocol';
import type { TokenMetadata } from '../chain/readTokenMetadata.js';
import type { Database, Queryable } from '../db/Database.js';
import { refusal } from '../errors/toErrorResponse.js';
import { schemaRefusal } from '../orders/schemaRefusal.js';
import { findUnsafeCharacter } from '../text/findUnsafeCharacter.js';
import { quoteUntrusted } from '../text/quoteUntrusted.js';
import type { TokenDirectory } from './createTokenDirectory.js';
import { findLookalike, type ListedText } from './findLookalike.js';

export interface SubmitTokenContext {
  db: Pick<Database, 'query' | 'transaction'>;
  network: string;
  tokens: TokenDirectory;
  readTokenMetadata: (address: Address) => Promise<TokenMetadata>;
}

/** Advisory lock (per network, offset by this base) that serialises additions of tokens across instances. */
const TOKEN_LOCK_BASE = 7_310_100;

/**
 * `POST /token/new`: adds a token a user names. The address must hold a contract answering ERC20 calls,
 * and what the contract says about itself (name, symbol, decimals, where it says anything) must agree
 * with the submission; the chain's spelling is stored. New tokens are unverified until the TokenRegistry
 * lists them. Because anyone can add one, a token may not pass for another (docs/RELIABILITY.md, "A
 * trader can tell a real token from a lookalike"):
 * - its name and symbol contain no invisible, direction-changing or other format characters;
 * - its symbol's confusable skeleton (UTS #39) differs from every listed token's symbol, and from the
 *   market symbol one is priced under (so `WΕTH`, `ZRХ` and `ETH` are all refused while WETH and ZRX are
 *   listed);
 * - a token whose `name()` does not answer cannot take, by skeleton, the name of a listed token;
 * - refusals quote at most a few dozen characters of the submitted or on-chain text.
 */
export async function submitToken(context: SubmitTokenContext, input: unknown): Promise<TokenRecord> {
  const { db, network, tokens } = context;
  const parsed = parseWithSraErrors(tokenSchema, input);
  if (!parsed.success) throw schemaRefusal(parsed);
  const submitted = parsed.data;
  assertSafeText('name', submitted.name);
  assertSafeText('symbol', submitted.symbol);

  if (await tokens.get(network, submitted.address)) {
    throw refusal('TOKEN_ALREADY_EXISTS', 'address', 'This token is already listed');
  }
  if (await tokens.isUnlisted(network, submitted.address)) {
    throw refusal('TOKEN_UNLISTED', 'address', "This relayer's operator has unlisted this token");
  }
  // Cheap and decisive, so before the chain is asked anything; repeated under the lock below.
  assertNoLookalike('symbol', submitted.symbol, await listedTexts(db, network), submitted.address);

  const onChain = await context.readTokenMetadata(submitted.address);
  if (!onChain.isContract) throw refusal('NOT_A_TOKEN', 'address', 'There is no contract at this address');
  if (!onChain.isErc20) {
    throw refusal('NOT_A_TOKEN', 'address', 'The contract at this address does not answer ERC20 calls');
  }
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (onChain.name !== undefined && !same(onChain.name, submitted.name)) {
    throw refusal(
      'TOKEN_METADATA_MISMATCH',
      'name',
      `The token calls itself ${quoteUntrusted(onChain.name)}`,
    );
  }
  if (onChain.symbol !== undefined && !same(onChain.symbol, submitted.symbol)) {
    throw refusal(
      'TOKEN_METADATA_MISMATCH',
      'symbol',
      `The token's symbol is ${quoteUntrusted(onChain.symbol)}`,
    );
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
  // The chain's spelling is what gets stored and shown: it must pass the same rules.
  assertSafeText('name', token.name);
  assertSafeText('symbol', token.symbol);
  try {
    await db.transaction(async (tx) => {
      // Check-then-insert under one lock per network, so two lookalikes submitted at once cannot both pass.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [TOKEN_LOCK_BASE + networkLockOffset(network)]);
      const listed = await listedTexts(tx, network);
      assertNoLookalike('symbol', token.symbol, listed, token.address);
      // A name the contract does not state is the submitter's word: it may not be another token's name.
      if (onChain.name === undefined) assertNoLookalike('name', token.name, listed, token.address);
      const rows = await tx.query(
        `INSERT INTO tokens (network, address, name, symbol, decimals, verified) VALUES ($1, $2, $3, $4, $5, false)
          ON CONFLICT (network, address) DO NOTHING RETURNING address`,
        [network, token.address, token.name, token.symbol, token.decimals],
      );
      if (rows.length === 0) throw refusal('TOKEN_ALREADY_EXISTS', 'address', 'This token is already listed');
    });
  } catch (error) {
    // A registry import took the symbol between the check and the insert.
    if ((error as { code?: unknown }).code === '23505') {
      throw refusal('TOKEN_ALREADY_EXISTS', 'symbol', 'Another token already uses this symbol');
    }
    throw error;
  } finally {
    tokens.invalidate(network);
  }
  return token;
}

function assertSafeText(field: 'name' | 'symbol', text: string): void {
  const unsafe = findUnsafeCharacter(text);
  if (unsafe) {
    throw refusal(
      'TOKEN_UNSAFE_TEXT',
      field,
      `contains ${unsafe.codePoint} at position ${unsafe.position}: invisible, direction-changing and other format characters are not allowed`,
    );
  }
}

function assertNoLookalike(
  field: 'name' | 'symbol',
  text: string,
  listed: readonly ListedText[],
  address: string,
): void {
  const found = findLookalike(field, text, listed, address);
  if (!found) return;
  const { token, looksLike } = found;
  const own = looksLike === token[field];
  if (own && looksLike.trim().toUpperCase() === text.trim().toUpperCase()) {
    throw refusal(
      'TOKEN_ALREADY_EXISTS',
      field,
      `Another token (${token.address}) already uses this ${field}`,
    );
  }
  throw refusal(
    'TOKEN_LOOKALIKE',
    field,
    `looks like ${quoteUntrusted(looksLike)}, the ${own ? field : 'market symbol'} of the listed token ${token.address}: a new token needs a ${field} that cannot be mistaken for it`,
  );
}

async function listedTexts(db: Queryable, network: string): Promise<ListedText[]> {
  return db.query<ListedText>('SELECT address, name, symbol FROM tokens WHERE network = $1', [network]);
}

/** A small stable number per network key (advisory locks take integers). */
function networkLockOffset(network: string): number {
  let hash = 0;
  for (const char of network) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 997;
  return hash;
}
