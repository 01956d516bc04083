import { networks } from '../networks/networks';
import type { Address } from '../schemas/addressSchema';

/** A coin the app knows by name: the web's coin catalogue and the coins the relayer prices. */
export interface KnownCoin {
  /** Catalogue symbol, upper case, unique in the table ('WETH'). */
  symbol: string;
  name: string;
  /** The market it is priced as: 'ETH' for wrapped ether, its own symbol otherwise. */
  market: string;
  /** The market's coin id on CoinGecko-style APIs; only on the entry whose symbol is the market. */
  coingeckoId?: string;
  /** Its token contracts per chain id (lower case). A token at one of these is this coin, whatever it calls itself. */
  addresses: Readonly<Partial<Record<number, readonly Address[]>>>;
}

type Row = [symbol: string, name: string, coingeckoId: string | undefined, mainnet: Address[]];

/**
 * Mainnet contracts are only those confirmed offline: WETH9, the old 0x EtherToken and ZRX from PROTOCOL.md
 * §8; the rest from the token lists in the npm packages @uniswap/default-token-list 22.21.0 and
 * @metamask/contract-metadata 2.5.0 (DGD from @uniswap/sdk 3.0.3). A coin that was migrated to a new
 * contract (REP v1 -> v2, GNT -> GLM, KNC legacy -> KNC) keeps its old contract too, priced as the coin
 * it converts into one for one. Coins whose contract could not be confirmed have none (SALT).
 */
const rows: Row[] = [
  ['BTC', 'Bitcoin', 'bitcoin', []],
  ['ETH', 'Ethereum', 'ethereum', []],
  ['XRP', 'XRP', 'ripple', []],
  ['BCH', 'Bitcoin Cash', 'bitcoin-cash', []],
  ['LTC', 'Litecoin', 'litecoin', []],
  ['ADA', 'Cardano', 'cardano', []],
  ['XMR', 'Monero', 'monero', []],
  ['DASH', 'Dash', 'dash', []],
  ['ETC', 'Ethereum Classic', 'ethereum-classic', []],
  ['XEM', 'NEM', 'nem', []],
  ['ZEC', 'Zcash', 'zcash', []],
  ['LSK', 'Lisk', 'lisk', []],
  ['BTG', 'Bitcoin Gold', 'bitcoin-gold', []],
  ['DOGE', 'Dogecoin', 'dogecoin', []],
  ['STRAT', 'Stratis', 'stratis', []],
  ['BTS', 'BitShares', 'bitshares', []],
  ['SC', 'Siacoin', 'siacoin', []],
  ['DCR', 'Decred', 'decred', []],
  ['DGB', 'DigiByte', 'digibyte', []],
  ['XVG', 'Verge', 'verge', []],
  ['NXT', 'Nxt', 'nxt', []],
  ['PPC', 'Peercoin', 'peercoin', []],
  ['VTC', 'Vertcoin', 'vertcoin', []],
  ['NMC', 'Namecoin', 'namecoin', []],
  [
    'WETH',
    'Wrapped Ether',
    undefined,
    ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', '0x2956356cd2a2bf3202f771f50d3d14a367b48070'],
  ],
  ['ZRX', '0x', '0x', ['0xe41d2489571d322189246dafa5ebde1f4699f498']],
  ['MKR', 'Maker', 'maker', ['0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2']],
  [
    'REP',
    'Augur',
    'augur',
    ['0x221657776846890989a759ba2973e427dff5c9bb', '0x1985365e9f78359a9b6ad760e32412f4a445e862'],
  ],
  [
    'GNT',
    'Golem',
    'golem',
    ['0x7dd9c5cba05e151c895fde1cf355c9a1d5da6429', '0xa74476443119a942de498590fe1f2454d7d4ac0d'],
  ],
  ['DGD', 'DigixDAO', 'digixdao', ['0xe0b7927c4af23765cb51314a0e0521a9645f0e2a']],
  ['WBTC', 'Wrapped Bitcoin', 'wrapped-bitcoin', ['0x2260fac5e5542a773aa44fbcfedf7c193bc2c599']],
  ['USDC', 'USD Coin', 'usd-coin', ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48']],
  ['BAT', 'Basic Attention Token', 'basic-attention-token', ['0x0d8775f648430679a709e98d2b0cb6250d2887ef']],
  ['OMG', 'OmiseGO', 'omisego', ['0xd26114cd6ee289accf82350c8d8487fedb8a0c07']],
  ['SNT', 'Status', 'status', ['0x744d70fdbe2ba4cf95131626614a1763df805b9e']],
  // Beyond the catalogue: coins the static price file and the test networks' registries name.
  ['DAI', 'Dai', 'dai', ['0x6b175474e89094c44da98b954eedeac495271d0f']],
  ['SAI', 'Sai (single-collateral Dai)', 'sai', ['0x89d24a6b4ccb1b6faa2625fe562bdd9a23260359']],
  ['USDT', 'Tether', 'tether', ['0xdac17f958d2ee523a2206206994597c13d831ec7']],
  ['MLN', 'Melon', 'melon', ['0xec67005c4e498ec7f55e092bd1d35cbc47c91892']],
  ['LINK', 'Chainlink', 'chainlink', ['0x514910771af9ca656af840dff83e8264ecf986ca']],
  ['KNC', 'Kyber Network', 'kyber-network-crystal', ['0xdd974d5c2e2928dea5f71b9825b8b646686bd200']],
  ['MANA', 'Decentraland', 'decentraland', ['0x0f5d2fb29fb7d3cfee444a200298f468908cc942']],
  ['LRC', 'Loopring', 'loopring', ['0xbbbbca6a901c926f240b89eacb641d8aec7aeafd']],
  ['ANT', 'Aragon', 'aragon', ['0xa117000000f279d81a1d3cc75430faa017fa5a2e']],
  ['BNT', 'Bancor', 'bancor', ['0x1f573d6fb3f13d689ff844b4ce37794d79a7ff1c']],
  ['CVC', 'Civic', 'civic', ['0x41e5560054824ea6b0732e656e3ad64e20e94e45']],
  ['STORJ', 'Storj', 'storj', ['0xb64ef51c888972c908cfacf59b47c1afbc0ab8ac']],
  ['UNI', 'Uniswap', 'uniswap', ['0x1f9840a85d5af5bf1d1762f925bdaddc4201f984']],
  ['AAVE', 'Aave', 'aave', ['0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9']],
  ['COMP', 'Compound', 'compound-governance-token', ['0xc00e94cb662c3520282e6f5717214004a7f26888']],
  ['ENJ', 'Enjin Coin', 'enjincoin', ['0xf629cbd94d3791c9250152bd8dfbdf380e2a3b9c']],
  ['ENG', 'Enigma', 'enigma', ['0xf0ee6b27b759c9893ce4f094b49ad28fd15a23e4']],
  ['FUN', 'FunFair', 'funfair', ['0x419d0d8bdd9af5e606ae2232ed285aff190e711b']],
  ['SALT', 'SALT', 'salt', []],
  ['POWR', 'Power Ledger', 'power-ledger', ['0x595832f8fc6bf59c85c527fec3740a1b7a361269']],
  ['REQ', 'Request', 'request-network', ['0x8f8221afbb33998d8584a2b05749ba73c37a938a']],
  ['ZIL', 'Zilliqa', 'zilliqa', ['0x05f4a42e251f2d52b8ed15e9fedaacfcef1fad27']],
];

/** The 0x system's own WETH and ZRX on the test networks (PROTOCOL.md §8.1), from `networks`. */
const testNetworkIds = [3, 42, 50] as const;

/**
 * Every coin the app knows, in catalogue order: the market coins, then wrapped ether and the ERC-20
 * tokens. Each entry lists its token contracts per chain id; `market` says which market price it takes.
 */
export const knownCoins: readonly KnownCoin[] = Object.freeze(
  rows.map(([symbol, name, coingeckoId, mainnet]): KnownCoin => {
    const addresses: Partial<Record<number, readonly Address[]>> = {};
    if (mainnet.length > 0) addresses[1] = Object.freeze(mainnet);
    if (symbol === 'WETH' || symbol === 'ZRX') {
      for (const id of testNetworkIds) {
        const network = networks[id];
        addresses[id] = Object.freeze([symbol === 'WETH' ? network.weth : network.zrx]);
      }
    }
    return Object.freeze({
      symbol,
      name,
      market: symbol === 'WETH' ? 'ETH' : symbol,
      ...(coingeckoId ? { coingeckoId } : {}),
      addresses: Object.freeze(addresses),
    });
  }),
);
