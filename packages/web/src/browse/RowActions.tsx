import LinkIcon from '@mui/icons-material/Link';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { NULL_ADDRESS, type OrderRecord } from '@relayer/protocol';
import { Link as RouterLink } from 'react-router';
import { orderLinkName } from '../shared/order/orderLinkName';
import { orderPagePath } from '../shared/order/orderPagePath';
import { ActionButton } from '../wallet/ActionButton';

export interface RowActionsProps {
  order: OrderRecord;
  /** Lower-case address of the connected account. */
  account: string | undefined;
  onTake(order: OrderRecord): void;
  onCancel(order: OrderRecord): void;
}

/** Why an order restricted to one taker cannot be taken by this account, or undefined when it can. */
export function reservedReason(
  order: Pick<OrderRecord, 'taker'>,
  account: string | undefined,
): string | undefined {
  if (order.taker === NULL_ADDRESS || order.taker === account) return undefined;
  return `Reserved for another taker: only ${order.taker} can fill this order; the Exchange refuses anyone else`;
}

/**
 * 'Take' on every row, 'Cancel' on the connected account's own orders, and a link to the order's page. Both are wallet actions: disabled
 * with the reason (no wallet, wrong network, reserved for another taker) written beside the button.
 */
export function RowActions({ order, account, onTake, onCancel }: RowActionsProps) {
  const isMaker = account !== undefined && order.maker === account;
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ alignItems: 'center', height: '100%', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
    >
      <ActionButton
        size="small"
        variant="contained"
        blockedReason={reservedReason(order, account)}
        onClick={() => onTake(order)}
      >
        Take
      </ActionButton>
      {isMaker && (
        <ActionButton size="small" color="warning" onClick={() => onCancel(order)}>
          Cancel
        </ActionButton>
      )}
      <Tooltip title="Order page: every field, its fills, a share link" describeChild>
        <IconButton
          size="small"
          component={RouterLink}
          to={orderPagePath(order.orderHash)}
          aria-label={orderLinkName(order.orderHash)}
        >
          <LinkIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
