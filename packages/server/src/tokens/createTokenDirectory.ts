import type { Address, TokenRecord } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';

interface TokenRow {
  address: string;
  name: string;
  symbol: string;
  decimals: number | string;
  verified: boolean;
  list_names: string[] | null;
}

/** How long a network's token list is served from memory before it is read again (other instances add tokens too). */
const LIST_TTL_MS = 5000;
/** How long one token is served from memory: the registry can rename or unverify it, on another instance. */
export const TOKEN_TTL_MS = 30_000;

export interface TokenDirectory {
  /** One token of a network; served from memory for up to TOKEN_TTL_MS after it was read. */
  get(network: string, address: string): Promise<TokenRecord | undefined>;
  /** What `get` would answer from memory, now and without a promise; undefined when it would query. */
  peek(network: string, address: string): TokenRecord | undefined;
  /** Whether the operator unlisted this token (which `get` and `list` then leave out); always a query. */
  isUnlisted(network: string, address: string): Promise<boolean>;
  /** Every token of a network sorted by name (case-insensitive), then address. */
  list(network: string): Promise<TokenRecord[]>;
  /** Forgets what this process remembers about a network's tokens (after it changed them, or a resync). */
  invalidate(network: string): void;
}

/**
 * The `tokens` table behind a small per-network memory, so acceptance needs no query for known tokens.
 * Tokens the operator unlisted are not served: not listed, not priced, not tradable.
 */
export function createTokenDirectory(db: Queryable, now: () => number = Date.now): TokenDirectory {
  const known = new Map<string, Map<string, { token: TokenRecord; at: number }>>();
  const lists = new Map<string, { at: number; tokens: TokenRecord[] }>();
  const byNetwork = (network: string) => {
    let map = known.get(network);
    if (!map) {
      map = new Map();
      known.set(network, map);
    }
    return map;
  };

  return {
    peek(network, address) {
      const hit = known.get(network)?.get(address);
      return hit && now() - hit.at < TOKEN_TTL_MS ? hit.token : undefined;
    },
    async get(network, address) {
      const map = byNetwork(network);
      const hit = map.get(address);
      if (hit && now() - hit.at < TOKEN_TTL_MS) return hit.token;
      const rows = await db.query<TokenRow>(
        'SELECT address, name, symbol, decimals, verified, list_names FROM tokens WHERE network = $1 AND address = $2 AND NOT unlisted',
        [network, address],
      );
      const row = rows[0];
      if (!row) return undefined;
      const token = toTokenRecord(row);
      map.set(address, { token, at: now() });
      return token;
    },
    async list(network) {
      const cached = lists.get(network);
      if (cached && now() - cached.at < LIST_TTL_MS) return cached.tokens;
      const rows = await db.query<TokenRow>(
        'SELECT address, name, symbol, decimals, verified, list_names FROM tokens WHERE network = $1 AND NOT unlisted ORDER BY lower(name), address',
        [network],
      );
      const tokens = rows.map(toTokenRecord);
      const at = now();
      lists.set(network, { at, tokens });
      const map = byNetwork(network);
      for (const token of tokens) map.set(token.address, { token, at });
      return tokens;
    },
    async isUnlisted(network, address) {
      const rows = await db.query<{ unlisted: boolean }>(
        'SELECT unlisted FROM tokens WHERE network = $1 AND address = $2',
        [network, address],
      );
      return rows[0]?.unlisted === true;
    },
    invalidate(network) {
      known.delete(network);
      lists.delete(network);
    },
  };
}

function toTokenRecord(row: TokenRow): TokenRecord {
  return {
    address: row.address as Address,
    name: row.name,
    symbol: row.symbol,
    decimals: Number(row.decimals),
    verified: row.verified,
    // Named only when a list vouches for it, so other tokens' records keep their shape.
    ...(row.verified && row.list_names?.length ? { lists: row.list_names } : {}),
  };
}
