import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { OutlinedBadge } from '../shared/badge/OutlinedBadge';
import type { Fillability } from '../shared/order/fillability';
import type { OrderRow } from '../shared/order/toOrderRow';
import { trustAddress } from '../tokens/trust/trustAddress';

const COLOR: Record<Fillability['kind'], 'success' | 'info' | 'warning' | 'error'> = {
  full: 'success',
  partial: 'info',
  limited: 'warning',
  refused: 'error',
};

/** Whom the order is reserved for, in words. */
export function reservationText(reservedFor: string): string {
  return reservedFor === 'you' ? 'Reserved for you' : `Reserved for ${trustAddress(reservedFor)}`;
}

/**
 * How much of the order the Exchange would fill now (fully, partly filled nn %, limited by the maker's
 * funds, or refused) with the detail written under the badge whenever it says more than the badge,
 * and whom it is reserved for when not anyone.
 */
export function StatusCell({ row }: { row: OrderRow }) {
  const { fillability, reservedFor } = row;
  return (
    <Stack spacing={0.5} sx={{ py: 0.5, alignItems: 'flex-start' }}>
      <OutlinedBadge
        color={COLOR[fillability.kind]}
        label={fillability.text}
        data-fillability={fillability.kind}
      />
      {fillability.kind === 'full' ? null : (
        <Typography variant="caption" color="text.secondary" data-fillability-detail>
          {fillability.detail}
        </Typography>
      )}
      {reservedFor ? (
        <Tooltip
          title={
            reservedFor === 'you'
              ? 'Only your account can take this order'
              : `Only ${reservedFor} can take this order`
          }
          describeChild
        >
          <OutlinedBadge label={reservationText(reservedFor)} data-reserved={reservedFor} />
        </Tooltip>
      ) : null}
    </Stack>
  );
}
