import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { CANDLE_INTERVAL_SECONDS, type CandleInterval, fromBaseUnits } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useVariant } from '../../config/useVariant';
import { describeError } from '../../errors/userMessages';
import { CandleChart } from './CandleChart';
import { formatCandleTime } from './formatCandleTime';
import { candlesQuery } from './historyQueries';

/** Candles the chart and its table show: the latest of the page. */
const SHOWN_CANDLES = 60;
const INTERVALS: { value: CandleInterval; label: string; words: string }[] = [
  { value: '1m', label: '1m', words: '1 minute' },
  { value: '5m', label: '5m', words: '5 minute' },
  { value: '1h', label: '1h', words: '1 hour' },
  { value: '1d', label: '1d', words: '1 day' },
];

export interface PriceHistoryProps {
  base: string;
  quote: string;
  baseDecimals: number;
  /** Plain-text symbols (escaped by React). */
  units: { base: string; quote: string };
}

/**
 * The market's candles (its own chunk): interval buttons, the chart, and as its text alternative a
 * table of the same candles with every figure as the relayer sent it. Kept live by the market view.
 */
export default function PriceHistory({ base, quote, baseDecimals, units }: PriceHistoryProps) {
  const { relayerUrl, key } = useVariant();
  const [interval, setChosen] = useState<CandleInterval>('1m');
  const candles = useQuery(candlesQuery(relayerUrl, key, base, quote, interval));
  const shown = (candles.data?.candles ?? []).slice(-SHOWN_CANDLES);
  const seconds = CANDLE_INTERVAL_SECONDS[interval];
  const words = INTERVALS.find((i) => i.value === interval)?.words ?? interval;
  const first = shown[0];
  const last = shown.at(-1);
  const label =
    first && last
      ? `Candle chart, ${units.quote} per ${units.base}, ${words} candles: ${shown.length} from ` +
        `${formatCandleTime(first.start, seconds)} to ${formatCandleTime(last.start, seconds)}, ` +
        `last close ${last.close}.`
      : '';
  return (
    <Stack component="section" aria-labelledby="price-history" spacing={1}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" id="price-history">
          Price history
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          aria-label="Candle interval"
          onChange={(_event, value: CandleInterval | null) => value && setChosen(value)}
        >
          {INTERVALS.map((option) => (
            <ToggleButton
              key={option.value}
              value={option.value}
              aria-label={`${option.label}, ${option.words} candles`}
            >
              {option.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {candles.error ? (
        <Alert severity="error">The price history could not be loaded: {describeError(candles.error)}</Alert>
      ) : candles.isLoading ? (
        <Skeleton variant="rounded" height={200} />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">
          No trades in this market for these {words} candles yet.
        </Typography>
      ) : (
        <>
          <CandleChart candles={shown} seconds={seconds} label={label} />
          <Box tabIndex={0} aria-labelledby="candle-table" sx={{ maxHeight: 240, overflow: 'auto' }}>
            <Table size="small" stickyHeader>
              <caption id="candle-table">
                {`${words} candles, ${units.quote} per ${units.base}; volume in ${units.base}`}
              </caption>
              <TableHead>
                <TableRow>
                  {['Start', 'Open', 'High', 'Low', 'Close', 'Volume', 'Trades'].map((heading) => (
                    <TableCell key={heading} align={heading === 'Start' ? 'left' : 'right'}>
                      {heading}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {[...shown].reverse().map((candle) => (
                  <TableRow key={candle.start}>
                    <TableCell component="th" scope="row">
                      {formatCandleTime(candle.start, seconds)}
                    </TableCell>
                    {[candle.open, candle.high, candle.low, candle.close].map((price, i) => (
                      <TableCell key={['open', 'high', 'low', 'close'][i]} align="right">
                        {price}
                      </TableCell>
                    ))}
                    <TableCell align="right">{fromBaseUnits(candle.baseVolume, baseDecimals)}</TableCell>
                    <TableCell align="right">{candle.tradeCount}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Stack>
  );
}
