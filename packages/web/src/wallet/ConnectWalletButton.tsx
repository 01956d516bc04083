import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { type Connector, useConnect, useDisconnect } from 'wagmi';
import { describeError } from '../errors/userMessages';
import { shortenAddress } from '../format/shortenAddress';
import { useNotify } from '../notifications/useNotify';
import { useWallet } from './useWallet';
import { useWalletOptions } from './useWalletOptions';

/** Connects a wallet (letting the user pick when several announced themselves) and shows the account. */
export function ConnectWalletButton() {
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
      <Tooltip describeChild title={`${address} (click to disconnect)`}>
        <Button color="inherit" startIcon={<AccountBalanceWalletIcon />} onClick={() => disconnect()}>
          {shortenAddress(address)}
        </Button>
      </Tooltip>
    );
  }
  if (!hasWallet) {
    return (
      <Tooltip describeChild title="No browser wallet found: the order book is read-only">
        <span>
          <Button color="inherit" disabled startIcon={<AccountBalanceWalletIcon />}>
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
        onClick={(event) => {
          const [only] = options;
          if (options.length === 1 && only) connectWith(only);
          else setAnchor(event.currentTarget);
        }}
      >
        Connect wallet
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {options.map((connector) => (
          <MenuItem key={connector.uid} onClick={() => connectWith(connector)}>
            {connector.icon ? (
              <img src={connector.icon} alt="" width={20} height={20} style={{ marginRight: 8 }} />
            ) : null}
            {connector.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
