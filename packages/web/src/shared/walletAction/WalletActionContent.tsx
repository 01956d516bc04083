import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * The title and fields of a dialog that ends in a wallet action, led by why the wallet cannot act yet
 * (not connected, wrong network, read-only) when it cannot.
 */
export function WalletActionContent({
  titleId,
  title,
  wallet,
  children,
}: {
  titleId: string;
  title: string;
  wallet: { canTransact: boolean; disabledReason?: string };
  children: ReactNode;
}) {
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!wallet.canTransact && wallet.disabledReason && (
            <Alert severity="info">{wallet.disabledReason}</Alert>
          )}
          {children}
        </Stack>
      </DialogContent>
    </>
  );
}
