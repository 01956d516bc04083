import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { Address } from 'viem';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { AddTokenDialog } from '../tokens/AddTokenDialog';
import { TokenInfoPanel } from '../tokens/TokenInfoPanel';
import { TokenSelect } from '../tokens/TokenSelect';
import { useTokens } from '../tokens/useTokens';
import { ActionButton } from '../wallet/ActionButton';
import { useWallet } from '../wallet/useWallet';
import { WrapEthPanel } from '../wallet/WrapEthPanel';

/** SPEC §2 home / order-book screen: token pickers and panels, actions, wrap ETH, the order book. */
export function HomePage() {
  const { tokens, byAddress, isLoading, error } = useTokens();
  const { canTransact, disabledReason } = useWallet();
  const [makerTokenAddress, setMakerTokenAddress] = useState<Address | undefined>();
  const [takerTokenAddress, setTakerTokenAddress] = useState<Address | undefined>();
  const [addTokenOpen, setAddTokenOpen] = useState(false);
  const makerToken = makerTokenAddress ? byAddress.get(makerTokenAddress) : undefined;
  const takerToken = takerTokenAddress ? byAddress.get(takerTokenAddress) : undefined;

  if (isLoading) return <LoadingSpinner label="Loading tokens" />;

  return (
    <Stack spacing={3}>
      {!canTransact && disabledReason ? <Alert severity="info">Read-only: {disabledReason}.</Alert> : null}
      {error ? <Alert severity="error">The token list could not be loaded from the relayer.</Alert> : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TokenSelect
          label="Make Order"
          tokens={tokens}
          value={makerTokenAddress}
          onChange={setMakerTokenAddress}
        />
        <TokenSelect
          label="Take Order"
          tokens={tokens}
          value={takerTokenAddress}
          onChange={setTakerTokenAddress}
        />
      </Stack>
      {makerToken || takerToken ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {makerToken ? <TokenInfoPanel token={makerToken} title="Maker token" /> : null}
          {takerToken ? <TokenInfoPanel token={takerToken} title="Taker token" /> : null}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <ActionButton
          variant="contained"
          blockedReason={makerToken && takerToken ? undefined : 'Choose both a maker and a taker token first'}
        >
          Make Order
        </ActionButton>
        <Button variant="outlined" onClick={() => setAddTokenOpen(true)}>
          Add New Token
        </Button>
        <ActionButton variant="outlined">Raw Order</ActionButton>
      </Stack>
      <WrapEthPanel />
      <AddTokenDialog open={addTokenOpen} onClose={() => setAddTokenOpen(false)} />
    </Stack>
  );
}
