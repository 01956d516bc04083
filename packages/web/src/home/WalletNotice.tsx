import Alert from '@mui/material/Alert';
import { shortenAddress } from '../format/shortenAddress';
import { ReservedText } from '../shared/layout/ReservedText';
import { useWallet } from '../wallet/useWallet';
import { LONGEST_LONG_REASON } from '../wallet/walletReasons';

const readOnly = (reason: string) => `Read-only: ${reason}.`;

/**
 * The home page's one explanation of what the wallet allows (the buttons say it in a few words). It
 * is there from the first paint, as tall as its longest text, and stays once a wallet can trade, so
 * the wallet check ending moves nothing below it. Polite: its change is not worth an interruption.
 */
export function WalletNotice() {
  const { canTransact, disabledReason, address } = useWallet();
  return (
    <Alert severity={canTransact ? 'success' : 'info'} role="status" data-wallet-notice>
      <ReservedText reserve={readOnly(LONGEST_LONG_REASON)} sx={{ display: 'grid' }}>
        {canTransact && address
          ? `Connected as ${shortenAddress(address)}: you can make and take orders.`
          : readOnly(disabledReason ?? '')}
      </ReservedText>
    </Alert>
  );
}
