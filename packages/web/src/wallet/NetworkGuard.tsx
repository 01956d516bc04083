import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { getNetwork } from '@relayer/protocol';
import { useEffect, useMemo } from 'react';
import { useSwitchChain } from 'wagmi';
import { networkRedirect } from '../config/networkRedirect';
import { useWebConfig } from '../config/useWebConfig';
import { describeError } from '../errors/userMessages';
import { leaveSite } from './leaveSite';
import { useWallet } from './useWallet';

/**
 * Sends a wallet on the other variant's network to that site (SPEC §4); for any other wrong network
 * explains and offers to switch.
 */
export function NetworkGuard() {
  const { config, variant } = useWebConfig();
  const { chainId, isConnected } = useWallet();
  const { mutate: switchChain, isPending, error } = useSwitchChain();
  const redirect = useMemo(
    () => networkRedirect(config.variants, variant, chainId, window.location.origin),
    [config.variants, variant, chainId],
  );

  useEffect(() => {
    if (redirect) leaveSite(redirect);
  }, [redirect]);

  if (!isConnected || chainId === variant.chainId) return null;
  if (redirect)
    return (
      <Alert severity="info">
        Your wallet is on {walletNetworkName(config.variants, chainId)}: taking you to that network’s site…
      </Alert>
    );
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={isPending}
          onClick={() => switchChain({ chainId: variant.chainId })}
        >
          Switch to {variant.name}
        </Button>
      }
    >
      Your wallet is connected to {walletNetworkName(config.variants, chainId)}, but this site trades on{' '}
      {variant.name} (chain {variant.chainId}). Trading is disabled until the wallet switches to{' '}
      {variant.name}.{error ? ` ${describeError(error)}` : ''}
    </Alert>
  );
}

/**
 * The wallet's network by name: a configured site's network, else a network 0x v1 was deployed to
 * (Ropsten, …), with its chain id; an unknown chain by its id alone.
 */
export function walletNetworkName(
  variants: readonly { chainId: number; name: string }[],
  chainId: number | undefined,
): string {
  if (chainId === undefined) return 'another network';
  const name = variants.find((v) => v.chainId === chainId)?.name ?? getNetwork(chainId)?.name;
  return name ? `${name} (chain ${chainId})` : `an unknown network (chain ${chainId})`;
}
