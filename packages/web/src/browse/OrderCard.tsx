import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { OrderRow } from '../shared/order/toOrderRow';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { TokenLabel } from '../tokens/trust/TokenLabel';
import { trustAddress } from '../tokens/trust/trustAddress';
import { AmountCell } from './AmountCell';
import { ExpiresCell } from './ExpiresCell';
import { AskingPriceCell, MarketPriceCell } from './PriceCells';
import { RowActions, type RowActionsProps } from './RowActions';
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
  const symbolOf = (side: 'makerToken' | 'takerToken') => {
    const { token, address } = row[side];
    return token ? displaySymbol(token) : trustAddress(address);
  };
  return (
    <Card component="li" variant="outlined" data-order-card={row.id} sx={{ p: 1.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
        <Field label="Maker offers">
          <Stack spacing={0.25}>
            <AmountCell amount={row.makerAmount} symbol={symbolOf('makerToken')} />
            <TokenLabel address={row.makerToken.address} token={row.makerToken.token} />
          </Stack>
        </Field>
        <Field label="Maker wants">
          <Stack spacing={0.25}>
            <AmountCell amount={row.takerAmount} symbol={symbolOf('takerToken')} />
            <TokenLabel address={row.takerToken.address} token={row.takerToken.token} />
          </Stack>
        </Field>
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
