import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { NULL_ADDRESS, type OrderRecord } from '@relayer/protocol';

import type { ReactElement } from 'react';
export interface RowActionsProps {
  order: OrderRecord;
  /** Lower-case address of the connected account. */
  account: string | undefined;
  canTransact: boolean;
  disabledReason: string | undefined;
  onTake(order: OrderRecord): void;
  onCancel(order: OrderRecord): void;
}

/** 'Take' on every row, 'Cancel' on the connected account's own orders; disabled with the reason why. */
export function RowActions({
  order,
  account,
  canTransact,
  disabledReason,
  onTake,
  onCancel,
}: RowActionsProps) {
  const reservedForOther = order.taker !== NULL_ADDRESS && order.taker !== account;
  const takeReason = !canTransact
    ? disabledReason
    : reservedForOther
      ? 'This order is reserved for another taker'
      : undefined;
  const isMaker = account !== undefined && order.maker === account;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <WithReason reason={takeReason}>
        <Button size="small" variant="contained" disabled={Boolean(takeReason)} onClick={() => onTake(order)}>
          Take
        </Button>
      </WithReason>
      {isMaker && (
        <WithReason reason={canTransact ? undefined : disabledReason}>
          <Button size="small" color="warning" disabled={!canTransact} onClick={() => onCancel(order)}>
            Cancel
          </Button>
        </WithReason>
      )}
    </Stack>
  );
}

/** A disabled button gets no pointer events, so the tooltip with the reason sits on a wrapper. */
function WithReason({ reason, children }: { reason: string | undefined; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  );
}
