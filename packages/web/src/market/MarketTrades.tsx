import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Address } from '@relayer/protocol';
import { RecentTrades } from '../trades/RecentTrades';

/** The market's latest fills beside its ladder, live over the trades channel. */
export function MarketTrades({ base, quote }: { base: Address; quote: Address }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="recent-trades"
      sx={{ p: 2, height: '100%' }}
    >
      <Typography variant="h6" component="h2" id="recent-trades">
        Recent trades
      </Typography>
      <RecentTrades baseTokenAddress={base} quoteTokenAddress={quote} />
    </Paper>
  );
}
