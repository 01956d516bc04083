import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { OrderRow } from '../shared/order/toOrderRow';
import { TokenLabel } from '../tokens/trust/TokenLabel';
import { AmountCell } from './AmountCell';
import { ExpiresCell } from './ExpiresCell';
import { AskingPriceCell, MarketPriceCell } from './PriceCells';
import { RowActions, type RowActionsProps } from './RowActions';
import { rowSymbol } from './rowSymbol';
import { StatusCell } from './StatusCell';

export interface OrderCardProps extends Omit<RowActionsProps, 'order'> {
  row: OrderRow;
  marketCurrency: string;
  maxAgeMs: number;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/**
 * One order of the book on a phone: what the grid's row shows (tokens and amounts, prices with their
 * provenance and the taker's judgement, fees, expiry, fillability, reservation) and the same actions,
 * laid out in two columns that fit a 320 px screen.
 */
export function OrderCard({ row, marketCurrency, maxAgeMs, ...actions }: OrderCardProps) {
  return (
    <Card component="li" variant="outlined" data-order-card={row.id} sx={{ p: 1.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
        <SideField label="Maker offers" row={row} side="maker" />
        <SideField label="Maker wants" row={row} side="taker" />
        <Field label={`Market Price (${marketCurrency})`}>
          <MarketPriceCell row={row} maxAgeMs={maxAgeMs} />
        </Field>
        <Field label={`Asking Price (${marketCurrency})`}>
          <AskingPriceCell row={row} maxAgeMs={maxAgeMs} />
        </Field>
        <Field label="Maker Fee">{row.makerFee}</Field>
        <Field label="Taker Fee">{row.takerFee}</Field>
        <Field label="Expires">
          <ExpiresCell expires={row.expires} />
        </Field>
        <Field label="Fillable">
          <StatusCell row={row} />
        </Field>
      </Box>
      <Box sx={{ mt: 1 }}>
        <RowActions order={row.order} {...actions} />
      </Box>
    </Card>
  );
}

/** What one side of the order moves: the amount with its symbol, and the token. */
function SideField({ label, row, side }: { label: string; row: OrderRow; side: 'maker' | 'taker' }) {
  const token = side === 'maker' ? 'makerToken' : 'takerToken';
  return (
    <Field label={label}>
      <Stack spacing={0.25}>
        <AmountCell
          amount={side === 'maker' ? row.makerAmount : row.takerAmount}
          symbol={rowSymbol(row, token)}
        />
        <TokenLabel address={row[token].address} token={row[token].token} />
      </Stack>
    </Field>
  );
}
