import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * MERGE POINT (issue 10 item 5): the market's recent trades. Branch web-mine builds
 * `RecentTrades` in src/trades/ (props: base and quote addresses); at merge, render
 * `<RecentTrades base={base} quote={quote} />` here in place of the note below.
 */
export function RecentTradesSlot(_props: { base: string; quote: string }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="recent-trades"
      sx={{ p: 2, height: '100%' }}
    >
      <Typography variant="h6" component="h3" id="recent-trades">
        Recent trades
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Trade history for this market is on its way.
      </Typography>
    </Paper>
  );
}
