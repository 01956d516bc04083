import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { type Connector, useConnect, useDisconnect } from 'wagmi';
import { describeError } from '../errors/userMessages';
import { shortenAddress } from '../format/shortenAddress';
import { useNotify } from '../notifications/useNotify';
import { useWallet } from './useWallet';
import { useWalletOptions } from './useWalletOptions';

const WalletMenu = lazy(() => import('./WalletMenu'));
const AccountMenu = lazy(() => import('./AccountMenu'));
/** The toolbar's title gives way on a narrow screen; the account button keeps its one line. */
const NO_WRAP = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

/** Connects a wallet (letting the user pick when several announced themselves) and shows the account. */
export function WalletButton() {
  const { address, isConnected } = useWallet();
  const { options, hasWallet } = useWalletOptions();
  const { mutate: connect, isPending } = useConnect();
  const { mutate: disconnect } = useDisconnect();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const connectWith = (connector: Connector) => {
    setAnchor(null);
    connect({ connector }, { onError: (error) => notify({ type: 'error', text: describeError(error) }) });
  };

  if (isConnected && address) {
    return (
      <>
        <Button
          color="inherit"
          startIcon={<AccountBalanceWalletIcon />}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : 'false'}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ ...NO_WRAP, textTransform: 'none', fontFamily: 'monospace' }}
        >
          {shortenAddress(address)}
        </Button>
        {anchor ? (
          <Suspense fallback={null}>
            <AccountMenu
              anchor={anchor}
              address={address}
              onDisconnect={() => {
                setAnchor(null);
                disconnect();
              }}
              onClose={() => setAnchor(null)}
            />
          </Suspense>
        ) : null}
      </>
    );
  }
  if (!hasWallet) {
    return (
      <Tooltip describeChild title="No browser wallet found: the order book is read-only">
        <span style={{ flexShrink: 0 }}>
          <Button color="inherit" disabled startIcon={<AccountBalanceWalletIcon />} sx={NO_WRAP}>
            No wallet
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        startIcon={<AccountBalanceWalletIcon />}
        disabled={isPending}
        sx={NO_WRAP}
        onClick={(event) => {
          const [only] = options;
          if (options.length === 1 && only) connectWith(only);
          else setAnchor(event.currentTarget);
        }}
      >
        Connect wallet
      </Button>
      {anchor ? (
        <Suspense fallback={null}>
          <WalletMenu
            anchor={anchor}
            options={options}
            onPick={connectWith}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
