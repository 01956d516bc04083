import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Button from '@mui/material/Button';
import { useWalletLayer } from './useWalletLayer';

/**
 * The toolbar's wallet button: a disabled "Connect wallet" while the wallet stack loads, then the real
 * one (WalletButton: connect, pick a wallet, show the account).
 */
export function ConnectWalletButton() {
  const layer = useWalletLayer();
  if (layer) return <layer.WalletButton />;
  return (
    <Button
      color="inherit"
      variant="outlined"
      disabled
      startIcon={<AccountBalanceWalletIcon />}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Connect wallet
    </Button>
  );
}
