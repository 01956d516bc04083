-- Price history (candles and tickers): a market's trades in a span of block time, in either direction,
-- read by one index range per direction rather than by the market's whole history.
CREATE INDEX trades_by_pair_time ON trades (network, maker_token, taker_token, block_timestamp);
