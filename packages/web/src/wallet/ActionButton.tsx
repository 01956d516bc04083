import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useWallet } from './useWallet';

export interface ActionButtonProps extends ButtonProps {
  /** Another reason to stay disabled (e.g. 'Choose both tokens first'), shown like the wallet's. */
  blockedReason?: string;
}

/**
 * A button for an action that needs the wallet: disabled in read-only mode or on the wrong network,
 * with the reason in a tooltip and as its accessible description.
 */
export function ActionButton({ blockedReason, disabled, children, ...props }: ActionButtonProps) {
  const { canTransact, disabledReason } = useWallet();
  const reason = disabledReason ?? blockedReason;
  const isDisabled = Boolean(disabled) || !canTransact || Boolean(blockedReason);
  if (!isDisabled || !reason) {
    return (
      <Button disabled={isDisabled} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Tooltip describeChild title={reason}>
      {/* A disabled button fires no events, so the tooltip listens on a wrapper. */}
      <span>
        <Button disabled {...props}>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}
