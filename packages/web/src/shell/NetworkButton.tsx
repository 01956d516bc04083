import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useVariant } from '../config/useVariant';
import { useWallet } from '../wallet/useWallet';

/**
 * SPEC §2: labelled with the network name; primary colour on the test network, warning colour on the
 * main network (real funds). A click asks a wallet on another chain to switch.
 */
export function NetworkButton() {
  const variant = useVariant();
  const { isConnected, chainId, switchChain } = useWallet();
  const wrongChain = isConnected && chainId !== variant.chainId;
  return (
    <Tooltip
      describeChild
      title={wrongChain ? `Switch your wallet to ${variant.name}` : `This site trades on ${variant.name}`}
    >
      <Button
        variant="contained"
        color={variant.key === 'kovan' ? 'primary' : 'warning'}
        onClick={() => wrongChain && switchChain?.(variant.chainId)}
        sx={{ mr: { xs: 1, sm: 2 }, flexShrink: 0, textTransform: 'none' }}
      >
        {variant.name}
      </Button>
    </Tooltip>
  );
}
