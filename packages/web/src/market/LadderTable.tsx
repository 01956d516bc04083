import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { OrderRecord } from '@relayer/protocol';
import type { ReactNode } from 'react';
import { formatShortAmount } from '../format/amounts';
import type { LadderRow } from './buildLadder';
import { formatPrice } from './formatPrice';
import type { BookSide } from './marketPrice';

export interface LadderTableProps {
  side: BookSide;
  rows: LadderRow[];
  /** Orders of this side on the relayer, beyond the rows loaded. */
  total: number;
  baseDecimals: number;
  quoteDecimals: number;
  priceDecimals: number;
  /** The base token's label (TokenLabel: safe text, trust mark) for the heading. */
  baseLabel: ReactNode;
  /** The tokens' symbols made safe (tokenLabelText), the units under the column heads. */
  units: { base: string; quote: string };
  /** The connected account (lower case): its own orders are marked and open Cancel instead of Take. */
  account?: string;
  onTake(order: OrderRecord): void;
  onCancel(order: OrderRecord): void;
}

const cellSx = { px: 1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const headSx = { px: 1, verticalAlign: 'bottom' } as const;
// A phone keeps price, amount and depth; the quote total is one tap away in the Take dialog.
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
const COLUMNS = [
  { name: 'Price', unit: 'quote', align: undefined, wide: false },
  { name: 'Amount', unit: 'base', align: 'right', wide: false },
  { name: 'Total', unit: 'quote', align: 'right', wide: true },
  { name: 'Depth', unit: 'base', align: 'right', wide: false },
] as const;

/**
 * One side of the ladder, best price first: price (asks rounded up, bids down, so no row reads better
 * than its order), the amount still to trade, its quote total and the cumulative depth, drawn as a bar
 * behind the row. A row opens the Take dialog for its order (click, Enter or Space); the connected
 * account's own orders are marked and open the Cancel dialog instead.
 */
export function LadderTable(props: LadderTableProps) {
  const { side, rows, total, baseDecimals, quoteDecimals, priceDecimals, account } = props;
  const title = side === 'ask' ? 'Asks' : 'Bids';
  const deepest = rows.at(-1)?.depth ?? 0n;
  const colour = side === 'ask' ? 'error' : 'success';
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        variant="h6"
        component="h2"
        id={`ladder-${side}`}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        {title}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {side === 'ask' ? 'selling' : 'buying'} {props.baseLabel}
          {total > rows.length ? ` · best ${rows.length} of ${total}` : ''}
        </Typography>
      </Typography>
      <Table size="small" aria-labelledby={`ladder-${side}`} sx={{ tableLayout: 'auto' }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map(({ name, unit, align, wide }) => (
              <TableCell key={name} sx={wide ? { ...headSx, ...wideOnly } : headSx} align={align}>
                {name}
                <Unit>{props.units[unit]}</Unit>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                No {side === 'ask' ? 'asks' : 'bids'} yet.
              </TableCell>
            </TableRow>
          ) : null}
          {rows.map((row) => {
            const share = deepest === 0n ? 0 : Number((row.depth * 1000n) / deepest) / 10;
            const price = formatPrice(row.price, priceDecimals, side === 'ask' ? 'up' : 'down');
            const mine = account !== undefined && row.order.maker === account;
            const open = () => (mine ? props.onCancel(row.order) : props.onTake(row.order));
            return (
              <TableRow
                key={row.order.orderHash}
                hover
                tabIndex={0}
                data-order-hash={row.order.orderHash}
                title={mine ? 'Your order: cancel it' : 'Take this order'}
                onClick={open}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    open();
                  }
                }}
                sx={(theme) => ({
                  cursor: 'pointer',
                  // The cumulative depth as a bar from the row's outer edge.
                  background: `linear-gradient(to left, ${theme.palette[colour].main}22 ${share}%, transparent ${share}%)`,
                })}
              >
                <TableCell sx={{ ...cellSx, color: `${colour}.main`, fontWeight: 500 }}>
                  {price}
                  {mine ? (
                    <Chip
                      label="yours"
                      size="small"
                      variant="outlined"
                      sx={{ ml: 0.5, height: 18, fontSize: '0.7rem' }}
                    />
                  ) : null}
                </TableCell>
                <TableCell sx={cellSx} align="right">
                  {formatShortAmount(row.amount, baseDecimals)}
                  {row.limited ? (
                    <Tooltip title="The maker's balance or allowance covers only part of this: a fill may get less">
                      <WarningAmberIcon
                        aria-label="Only partly funded"
                        fontSize="inherit"
                        color="warning"
                        sx={{ ml: 0.5, verticalAlign: 'middle' }}
                      />
                    </Tooltip>
                  ) : null}
                </TableCell>
                <TableCell sx={{ ...cellSx, ...wideOnly }} align="right">
                  {formatShortAmount(row.total, quoteDecimals)}
                </TableCell>
                <TableCell sx={cellSx} align="right">
                  {formatShortAmount(row.depth, baseDecimals)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A column's unit under its name, allowed to wrap (a long symbol must not widen the table). */
function Unit({ children }: { children: ReactNode }) {
  return (
    <Box
      component="bdi"
      sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary', overflowWrap: 'anywhere' }}
    >
      {children}
    </Box>
  );
}
