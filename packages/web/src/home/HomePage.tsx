import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { OrderRecord } from '@relayer/protocol';
import { useState } from 'react';
import type { Address } from 'viem';
import { OrdersTable } from '../browse/OrdersTable';
import { useOrderBookLive } from '../browse/useOrderBookLive';
import { CancelOrderDialog } from '../cancel/CancelOrderDialog';
import { MakeOrderDialog } from '../make/MakeOrderDialog';
import type { MakeOrderDraft } from '../make/validateMakeOrder';
import { RawOrderDialog } from '../raw/RawOrderDialog';
import { useDialogTarget } from '../shared/orderDialog/useDialogTarget';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { TakeOrderDialog } from '../take/TakeOrderDialog';
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
  const making = useDialogTarget<MakeOrderDraft>();
  const taking = useDialogTarget<OrderRecord>();
  const cancelling = useDialogTarget<OrderRecord>();
  const [rawOpen, setRawOpen] = useState(false);
  const [addTokenOpen, setAddTokenOpen] = useState(false);
  useOrderBookLive();
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
          blockedReason={
            !makerToken || !takerToken
              ? 'Choose both a maker and a taker token first'
              : makerToken.address === takerToken.address
                ? 'Choose two different tokens: an order trades one token for another'
                : undefined
          }
          onClick={() => making.show({ makerTokenAddress, takerTokenAddress })}
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
        onTake={taking.show}
        onCancel={cancelling.show}
      />
      <WrapEthPanel />
      <MakeOrderDialog open={making.open} draft={making.target} onClose={making.close} />
      <TakeOrderDialog open={taking.open} order={taking.target} onClose={taking.close} />
      <CancelOrderDialog open={cancelling.open} order={cancelling.target} onClose={cancelling.close} />
      <RawOrderDialog open={rawOpen} onClose={() => setRawOpen(false)} />
      <AddTokenDialog open={addTokenOpen} onClose={() => setAddTokenOpen(false)} />
    </Stack>
  );
}
