import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ReservedText } from '../shared/layout/ReservedText';
import { useWallet } from './useWallet';
import { LONGEST_SHORT_REASON } from './walletReasons';

export interface ActionButtonProps extends ButtonProps {
  /** Another reason to stay disabled (e.g. 'Choose both tokens first'), shown like the wallet's. */
  blockedReason?: string;
}

/**
 * A button for an action that needs the wallet: disabled in read-only mode or on the wrong network,
 * with the reason written beside it and as its accessible description. A disabled button takes no
 * focus and shows no tooltip to a keyboard or a touch screen, so the reason is plain text. The wallet's
 * reason is its short form (the long one is the page's notice), in a box as wide as the longest short
 * form, so a book row keeps its size when the wallet check ends.
 */
export function ActionButton({ blockedReason, disabled, children, ...props }: ActionButtonProps) {
  const { canTransact, shortReason } = useWallet();
  const reasonId = useId();
  const reason = shortReason ?? blockedReason;
  const isDisabled = Boolean(disabled) || !canTransact || Boolean(blockedReason);
  if (!isDisabled || !reason) {
    return (
      <Button disabled={isDisabled} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, minWidth: 0 }}
    >
      <Button disabled aria-describedby={reasonId} {...props}>
        {children}
      </Button>
      <Typography
        id={reasonId}
        component="span"
        variant="caption"
        color="text.secondary"
        data-disabled-reason
      >
        <ReservedText reserve={LONGEST_SHORT_REASON}>{reason}</ReservedText>
      </Typography>
    </Box>
  );
}
