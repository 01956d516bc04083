import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderRecord, TokenRecord } from '@relayer/protocol';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { baseUnits } from '../format/amounts';
import { expiryText } from '../shared/order/expiryText';
import { MissingFundsList } from '../shared/order/MissingFundsList';
import { orderLinkName } from '../shared/order/orderLinkName';
import { orderPagePath } from '../shared/order/orderPagePath';
import { orderStatus } from '../shared/order/orderStatus';
import { TokenAmount } from '../tokens/trust/TokenAmount';
import { ActionButton } from '../wallet/ActionButton';

export interface MyOrderItemProps {
  order: OrderRecord;
  byAddress: ReadonlyMap<string, TokenRecord>;
  nowSec: bigint;
  onCancel(order: OrderRecord): void;
  /** Ticked for cancelling with others in one transaction (only offered while it can be cancelled). */
  selected?: boolean;
  onSelect?(order: OrderRecord, selected: boolean): void;
}

/**
 * One of the maker's orders as a card (it stacks on a phone): what it sells for what, its state and
 * why, what is left, what the maker lacks, expiry, its page, and Cancel while anything is left.
 */
export function MyOrderItem({ order, byAddress, nowSec, onCancel, selected, onSelect }: MyOrderItemProps) {
  const ids = { select: useId(), summary: useId() };
  const status = orderStatus(order, nowSec);
  const expiry = expiryText(order.expirationUnixTimestampSec, nowSec);
  const amount = (value: string, address: string) => (
    <TokenAmount value={value} address={address} token={byAddress.get(address)} />
  );
  const partlyDone =
    baseUnits(order.remainingTakerTokenAmount) !== baseUnits(order.takerTokenAmount) &&
    baseUnits(order.remainingTakerTokenAmount) > 0n;
  return (
    <Paper component="li" variant="outlined" data-order={order.orderHash} sx={{ p: 2, listStyle: 'none' }}>
      <Stack spacing={1}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          {onSelect && status.cancellable ? (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
              <Checkbox
                size="small"
                checked={Boolean(selected)}
                onChange={(event) => onSelect(order, event.target.checked)}
                slotProps={{ input: { 'aria-labelledby': `${ids.select} ${ids.summary}` } }}
              />
              <Typography component="span" variant="body2" id={ids.select} sx={{ mr: 1 }}>
                Select
              </Typography>
            </Box>
          ) : null}
          <Typography component="span" id={ids.summary} sx={{ flex: '1 1 240px', minWidth: 0 }}>
            Sell {amount(order.makerTokenAmount, order.makerTokenAddress)} for{' '}
            {amount(order.takerTokenAmount, order.takerTokenAddress)}
          </Typography>
          <Chip
            size="small"
            label={status.label}
            color={status.tone}
            variant={status.tone === 'default' ? 'outlined' : 'filled'}
            data-state={order.state}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {status.detail}
        </Typography>
        {partlyDone && status.cancellable ? (
          <Typography variant="body2">
            Left: {amount(order.remainingMakerTokenAmount, order.makerTokenAddress)} for{' '}
            {amount(order.remainingTakerTokenAmount, order.takerTokenAddress)}
          </Typography>
        ) : null}
        {status.missing.length > 0 ? (
          <Typography variant="body2" component="div" color="warning.main">
            <MissingFundsList missing={status.missing} byAddress={byAddress} />
          </Typography>
        ) : null}
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
          <Typography variant="body2" color="text.secondary" title={expiry.title}>
            {expiry.expired ? 'Expired' : 'Expires'} {expiry.text.replace(/^expired /, '')} · made{' '}
            {new Date(order.createdAt).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Link component={RouterLink} to={orderPagePath(order.orderHash)} variant="body2">
            {orderLinkName(order.orderHash)}
          </Link>
          {status.cancellable ? (
            <ActionButton size="small" color="warning" variant="outlined" onClick={() => onCancel(order)}>
              Cancel
            </ActionButton>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
