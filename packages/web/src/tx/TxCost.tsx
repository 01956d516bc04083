import Typography from '@mui/material/Typography';
import type { TxCostState } from './useTxCost';

/**
 * The network cost line of an action's dialog, above its confirm button: "Network cost: ~0.000423 ETH
 * ($1.26), 98,000 gas". Plain text, never only a tooltip. A revert is not shown here but beside the
 * disabled confirm button (`txBlockedReason`), where the user looks for why it is off.
 */
export function TxCost({ cost }: { cost: TxCostState }) {
  if (cost.state === 'off' || cost.state === 'reverts') return null;
  if (cost.state === 'loading') {
    return (
      <Typography variant="body2" color="text.secondary" data-tx-cost="loading">
        Network cost: estimating…
      </Typography>
    );
  }
  if (cost.state === 'unavailable') {
    return (
      <Typography variant="body2" color="text.secondary" data-tx-cost="unavailable">
        Network cost: could not be estimated ({cost.reason}); your wallet shows its own estimate.
      </Typography>
    );
  }
  const { estimate, parts } = cost;
  return (
    <Typography
      variant="body2"
      data-tx-cost="ready"
      data-cost-wei={estimate.costWei.toString()}
      data-gas={estimate.gas.toString()}
      data-wei-per-gas={estimate.weiPerGas.toString()}
    >
      {parts.text}
    </Typography>
  );
}
