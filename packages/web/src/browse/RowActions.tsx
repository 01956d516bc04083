import Stack from '@mui/material/Stack';
import { NULL_ADDRESS, type OrderRecord } from '@relayer/protocol';
import { ActionButton } from '../wallet/ActionButton';

export interface RowActionsProps {
  order: OrderRecord;
  /** Lower-case address of the connected account. */
  account: string | undefined;
  onTake(order: OrderRecord): void;
  onCancel(order: OrderRecord): void;
}

/**
 * 'Take' on every row, 'Cancel' on the connected account's own orders. Both are wallet actions: disabled
 * with the reason (no wallet, wrong network, reserved for another taker) in a tooltip and description.
 */
export function RowActions({ order, account, onTake, onCancel }: RowActionsProps) {
  const reservedForOther = order.taker !== NULL_ADDRESS && order.taker !== account;
  const isMaker = account !== undefined && order.maker === account;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <ActionButton
        size="small"
        variant="contained"
        blockedReason={reservedForOther ? 'This order is reserved for another taker' : undefined}
        onClick={() => onTake(order)}
      >
        Take
      </ActionButton>
      {isMaker && (
        <ActionButton size="small" color="warning" onClick={() => onCancel(order)}>
          Cancel
        </ActionButton>
      )}
    </Stack>
  );
}
