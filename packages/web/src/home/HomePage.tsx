import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { OrderRecord } from '@relayer/protocol';
import { useState } from 'react';
import type { Address } from 'viem';
import { OrderDialog, type OrderDialogProps } from '../shared/orderDialog/OrderDialog';
import { OrdersTable } from '../browse/OrdersTable';
import { RawOrderDialog } from '../raw/RawOrderDialog';
import { useOrderBookLive } from '../browse/useOrderBookLive';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { AddTokenDialog } from '../tokens/AddTokenDialog';
import { TokenInfoPanel } from '../tokens/TokenInfoPanel';
import { TokenSelect } from '../tokens/TokenSelect';
import { useTokens } from '../tokens/useTokens';
import { ActionButton } from '../wallet/ActionButton';
import { useWallet } from '../wallet/useWallet';
import { WrapEthPanel } from '../wallet/WrapEthPanel';

type OrderDialogState = Pick<OrderDialogProps, 'open' | 'mode' | 'draft' | 'order'>;

/** SPEC §2 home / order-book screen: token pickers and panels, actions, wrap ETH, the order book. */
export function HomePage() {
  const { tokens, byAddress, isLoading, error } = useTokens();
  const { canTransact, disabledReason } = useWallet();
  const [makerTokenAddress, setMakerTokenAddress] = useState<Address | undefined>();
  const [takerTokenAddress, setTakerTokenAddress] = useState<Address | undefined>();
  const [orderDialog, setOrderDialog] = useState<OrderDialogState>({ open: false, mode: 'make' });
  const [rawOpen, setRawOpen] = useState(false);
  const [addTokenOpen, setAddTokenOpen] = useState(false);
  useOrderBookLive();
  const makerToken = makerTokenAddress ? byAddress.get(makerTokenAddress) : undefined;
  const takerToken = takerTokenAddress ? byAddress.get(takerTokenAddress) : undefined;

  if (isLoading) return <LoadingSpinner label="Loading tokens" />;

  const makeOrder = () =>
    setOrderDialog({ open: true, mode: 'make', draft: { makerTokenAddress, takerTokenAddress } });
  const takeOrder = (order: OrderRecord) => setOrderDialog({ open: true, mode: 'take', order });
  const closeOrderDialog = () => setOrderDialog((current) => ({ ...current, open: false }));

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
          onClick={makeOrder}
        >
          Make Order
        </ActionButton>
        <Button variant="outlined" onClick={() => setAddTokenOpen(true)}>
          Add New Token
        </Button>
        <Button variant="outlined" onClick={() => setRawOpen(true)}>
          Raw Order
        </Button>
      </Stack>
      <OrdersTable
        makerTokenAddress={makerTokenAddress}
        takerTokenAddress={takerTokenAddress}
        onTake={takeOrder}
      />
      <WrapEthPanel />
      <OrderDialog {...orderDialog} onClose={closeOrderDialog} />
      <RawOrderDialog open={rawOpen} onClose={() => setRawOpen(false)} />
      <AddTokenDialog open={addTokenOpen} onClose={() => setAddTokenOpen(false)} />
    </Stack>
  );
}
