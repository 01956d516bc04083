import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Address } from '@relayer/protocol';
import { useState } from 'react';
import { OnceOpened } from '../app/deferred';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { TokenAmount } from '../tokens/trust/TokenAmount';
import { useTokens } from '../tokens/useTokens';
import { useWallet } from '../wallet/useWallet';
import { BatchCancelDialog } from './BatchCancelDialog';
import { useRevivableOrders } from './useRevivableOrders';

/** Orders named in the warning; the rest are counted, and all of them are cancelled together. */
const LISTED = 5;

export interface RevivalWarningProps {
  /** The token about to be approved (the Enable step) or deposited (wrapping ETH into WETH). */
  token: Address | undefined;
  /** What the trader is about to do: approve the token to the token proxy, or wrap ETH into it. */
  step: 'enable' | 'wrap';
}

/**
 * Before an approval or a deposit: the trader's unfunded orders that it would make fillable again,
 * listed, with the offer to cancel them all first in one transaction. Nothing when there are none.
 */
export function RevivalWarning({ token, step }: RevivalWarningProps) {
  const { address } = useWallet();
  const { byAddress } = useTokens();
  const [open, setOpen] = useState(false);
  // Cancelled here: gone at once, before the relayer's watcher has seen the block.
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const orders = useRevivableOrders(address, token).filter((order) => !gone.has(order.orderHash));
  if (orders.length === 0 && !open) return null;
  const count = orders.length;
  const record = token ? byAddress.get(token) : undefined;
  const action =
    step === 'wrap' ? 'Wrapping ETH into WETH' : `Enabling ${record ? displaySymbol(record) : 'this token'}`;
  const them = count === 1 ? 'it' : 'them';
  const amount = (value: string, at: string) => (
    <TokenAmount value={value} address={at} token={byAddress.get(at)} />
  );
  return (
    <>
      {count > 0 ? (
        <Alert
          severity="warning"
          data-revival-warning
          action={
            <Button color="inherit" size="small" onClick={() => setOpen(true)}>
              {count === 1 ? 'Cancel it first' : `Cancel these ${count} first`}
            </Button>
          }
        >
          {action} would make {count === 1 ? 'an unfunded order' : `${count} unfunded orders`} of yours
          fillable again:
          <Box component="ul" aria-label="Orders that would become fillable" sx={{ my: 0.5, pl: 2.5 }}>
            {orders.slice(0, LISTED).map((order) => (
              <li key={order.orderHash}>
                Sell {amount(order.remainingMakerTokenAmount, order.makerTokenAddress)} for{' '}
                {amount(order.remainingTakerTokenAmount, order.takerTokenAddress)}
              </li>
            ))}
            {count > LISTED ? <li>and {count - LISTED} more</li> : null}
          </Box>
          If you no longer want {them} filled, cancel {them} first.
        </Alert>
      ) : null}
      <OnceOpened open={open}>
        <BatchCancelDialog
          open={open}
          orders={orders}
          onClose={() => setOpen(false)}
          onCancelled={(outcome) => setGone((current) => new Set([...current, ...outcome.cancelled]))}
        />
      </OnceOpened>
    </>
  );
}
