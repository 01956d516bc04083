import type { FastifyBaseLogger } from 'fastify';
import { createTokenListValidator } from './createTokenListValidator.js';
import { isUrlSource, readTokenListSource } from './readTokenListSource.js';
import type { TokenList } from './TokenList.js';

export interface TokenListsOptions {
  /** File paths or http(s) URLs, as the operator configured them (`TOKEN_LISTS`). */
  sources: readonly string[];
  refreshMs: number;
  timeoutMs: number;
  maxBytes: number;
  now: () => number;
  log: FastifyBaseLogger;
}

export interface LoadedTokenList {
  source: string;
  list: TokenList;
}

export interface TokenLists {
  /**
   * Reads every source once, at start-up: a file that is missing or does not conform is a configuration
   * error (thrown, naming the source); a URL that fails is logged and tried again at the next refresh, so
   * a third party's outage cannot stop a restart.
   */
  load(): Promise<void>;
  /** The lists as last read; sources older than `refreshMs` are read again first, keeping the last good copy on failure. */
  current(): Promise<readonly LoadedTokenList[]>;
}

/** The operator's token lists, read and schema-checked, held in memory between refreshes. */
export function createTokenLists(options: TokenListsOptions): TokenLists {
  const validate = createTokenListValidator();
  const held = new Map<string, { list: TokenList | undefined; at: number }>();
  let refreshing: Promise<void> | undefined;

  const read = async (source: string): Promise<TokenList> => {
    const text = await readTokenListSource(source, options);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error('is not JSON');
    }
    const checked = validate(json);
    if ('problems' in checked) throw new Error(`is not a token list (${checked.problems.join('; ')})`);
    return checked.list;
  };

  const refresh = async (strict: boolean) => {
    for (const source of options.sources) {
      const last = held.get(source);
      if (!strict && last && options.now() - last.at < options.refreshMs) continue;
      try {
        held.set(source, { list: await read(source), at: options.now() });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (strict && !isUrlSource(source)) throw new Error(`TOKEN_LISTS: ${source} ${reason}`);
        options.log.warn({ source, reason }, 'token list not read; the last good copy is kept');
        held.set(source, { list: last?.list, at: options.now() });
      }
    }
  };

  return {
    load: () => refresh(true),
    async current() {
      refreshing ??= refresh(false).finally(() => {
        refreshing = undefined;
      });
      await refreshing;
      return options.sources.flatMap((source) => {
        const list = held.get(source)?.list;
        return list ? [{ source, list }] : [];
      });
    },
  };
}
