import { knownCoins, marketSymbol } from '@relayer/protocol';
import { type CoinCatalogueEntry, coinCatalogueEntry } from './coinCatalogueEntry';
import { coinIconUrls } from './coinIconUrls';

type Row = [
  symbol: string,
  coinName: string,
  algorithm: string,
  proofType: string,
  premined: 0 | 1,
  supply: string,
];

/**
 * Our own catalogue, in rank order: the major coins, then the tokens the relayer lists. Facts are as of
 * the protocol's era (2018), e.g. Ethereum under proof of work. A supply of '0' means no fixed cap.
 */
const rows: Row[] = [
  ['BTC', 'Bitcoin', 'SHA256', 'PoW', 0, '21000000'],
  ['ETH', 'Ethereum', 'Ethash', 'PoW', 0, '0'],
  ['XRP', 'XRP', 'N/A', 'N/A', 1, '100000000000'],
  ['BCH', 'Bitcoin Cash', 'SHA256', 'PoW', 0, '21000000'],
  ['LTC', 'Litecoin', 'Scrypt', 'PoW', 0, '84000000'],
  ['ADA', 'Cardano', 'Ouroboros', 'PoS', 1, '45000000000'],
  ['XMR', 'Monero', 'CryptoNight', 'PoW', 0, '0'],
  ['DASH', 'Dash', 'X11', 'PoW/PoS', 0, '18900000'],
  ['ETC', 'Ethereum Classic', 'Ethash', 'PoW', 0, '210700000'],
  ['XEM', 'NEM', 'N/A', 'PoI', 1, '8999999999'],
  ['ZEC', 'Zcash', 'Equihash', 'PoW', 0, '21000000'],
  ['LSK', 'Lisk', 'DPoS', 'DPoS', 0, '0'],
  ['BTG', 'Bitcoin Gold', 'Equihash', 'PoW', 0, '21000000'],
  ['DOGE', 'Dogecoin', 'Scrypt', 'PoW', 0, '0'],
  ['STRAT', 'Stratis', 'X13', 'PoS', 1, '100000000'],
  ['BTS', 'BitShares', 'SHA-512', 'DPoS', 0, '3600570502'],
  ['SC', 'Siacoin', 'Blake2b', 'PoW', 0, '0'],
  ['DCR', 'Decred', 'Blake256', 'PoW/PoS', 0, '21000000'],
  ['DGB', 'DigiByte', 'Multiple', 'PoW', 0, '21000000000'],
  ['XVG', 'Verge', 'Multiple', 'PoW', 0, '16555000000'],
  ['NXT', 'Nxt', 'PoS', 'PoS', 1, '1000000000'],
  ['PPC', 'Peercoin', 'SHA256', 'PoW/PoS', 0, '0'],
  ['VTC', 'Vertcoin', 'Lyra2RE', 'PoW', 0, '84000000'],
  ['NMC', 'Namecoin', 'SHA256', 'PoW', 0, '21000000'],
  ['WETH', 'Wrapped Ether', 'N/A', 'N/A', 0, '0'],
  ['ZRX', '0x', 'N/A', 'N/A', 1, '1000000000'],
  ['MKR', 'Maker', 'N/A', 'N/A', 1, '1000000'],
  ['REP', 'Augur', 'N/A', 'N/A', 1, '11000000'],
  ['GNT', 'Golem', 'N/A', 'N/A', 1, '1000000000'],
  ['DGD', 'DigixDAO', 'N/A', 'N/A', 1, '2000000'],
  ['WBTC', 'Wrapped Bitcoin', 'N/A', 'N/A', 0, '0'],
  ['USDC', 'USD Coin', 'N/A', 'N/A', 0, '0'],
  ['BAT', 'Basic Attention Token', 'N/A', 'N/A', 1, '1500000000'],
  ['OMG', 'OmiseGO', 'N/A', 'N/A', 1, '140245398'],
  ['SNT', 'Status', 'N/A', 'N/A', 1, '6804870174'],
];

const contracts = new Map(knownCoins.map((coin) => [coin.symbol, coin.addresses]));

/**
 * The catalogue keyed by symbol, each coin with its contracts per network (protocol's `knownCoins`), in
 * its own chunk (with the icon URLs) that loads on first use.
 */
export const coinCatalogueEntries: Record<string, CoinCatalogueEntry> = Object.fromEntries(
  rows.map(([symbol, coinName, algorithm, proofType, premined, supply], index) => [
    symbol,
    coinCatalogueEntry(
      {
        symbol,
        coinName,
        algorithm,
        proofType,
        fullyPremined: premined === 1,
        totalCoinSupply: supply,
        addresses: contracts.get(symbol) ?? {},
      },
      index + 1,
      // Wrapped ether wears ether's image, as everywhere else in the app.
      coinIconUrls[marketSymbol(symbol)],
    ),
  ]),
);
