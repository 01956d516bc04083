import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { OrderRecord } from '@relayer/protocol';
import { Suspense, useEffect, useState } from 'react';
import type { Address } from 'viem';
import { AfterFirstView, OnceOpened } from '../app/deferred';
import { afterFirstView } from '../app/firstView';
import { preloadable } from '../app/preloadable';
import { OrdersTable } from '../browse/OrdersTable';
import { useOrderBookLive } from '../browse/useOrderBookLive';
import type { MakeOrderDraft } from '../make/validateMakeOrder';
import type { MarketOrderTarget } from '../market-order/MarketOrderForm';
import { OrderActionDialogs, orderActionDialogCode } from '../order-actions/OrderActionDialogs';
import { PlaceOrderDialogs, placeOrderDialogCode } from '../order-actions/PlaceOrderDialogs';
import { useDialogTarget } from '../shared/orderDialog/useDialogTarget';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { PageHeading } from '../shell/PageHeading';
import { ORDER_BOOK_ID } from '../shell/SkipLink';
import { TokenInfoPanel } from '../tokens/TokenInfoPanel';
import { TokenSelect } from '../tokens/TokenSelect';
import { useTokens } from '../tokens/useTokens';
import { ActionButton } from '../wallet/ActionButton';
import { WalletNotice } from './WalletNotice';

// What the first view does not show loads after it (and a dialog at the latest when it opens).
const RawOrderDialog = preloadable(async () => (await import('../raw/RawOrderDialog')).RawOrderDialog);
const AddTokenDialog = preloadable(async () => (await import('../tokens/AddTokenDialog')).AddTokenDialog);
const WrapEthPanel = preloadable(async () => (await import('../wallet/WrapEthPanel')).WrapEthPanel);
const PriceSourceNote = preloadable(async () => (await import('../prices/PriceSourceNote')).PriceSourceNote);
const PairTicker = preloadable(async () => (await import('../market/history/PairTicker')).default);
const later = [
  ...placeOrderDialogCode,
  ...orderActionDialogCode,
  RawOrderDialog,
  AddTokenDialog,
  WrapEthPanel,
  PriceSourceNote,
  PairTicker,
];

/** SPEC §2 home / order-book screen: token pickers and panels, actions, wrap ETH, the order book. */
export function HomePage() {
  const { tokens, byAddress, isLoading, error } = useTokens();
  const [makerTokenAddress, setMakerTokenAddress] = useState<Address | undefined>();
  const [takerTokenAddress, setTakerTokenAddress] = useState<Address | undefined>();
  const making = useDialogTarget<MakeOrderDraft>();
  const trading = useDialogTarget<MarketOrderTarget>();
  const taking = useDialogTarget<OrderRecord>();
  const cancelling = useDialogTarget<OrderRecord>();
  const [rawOpen, setRawOpen] = useState(false);
  const [addTokenOpen, setAddTokenOpen] = useState(false);
  useOrderBookLive();
  useEffect(() => {
    void afterFirstView().then(() => {
      for (const component of later) void component.preload();
    });
  }, []);
  const makerToken = makerTokenAddress ? byAddress.get(makerTokenAddress) : undefined;
  const takerToken = takerTokenAddress ? byAddress.get(takerTokenAddress) : undefined;

  if (isLoading) return <LoadingSpinner label="Loading tokens" />;
  const pairProblem =
    !makerToken || !takerToken
      ? 'Choose both a maker and a taker token first'
      : makerToken.address === takerToken.address
        ? 'Choose two different tokens: an order trades one token for another'
        : undefined;

  return (
    <Stack spacing={3}>
      <PageHeading title="Order book">Order book</PageHeading>
      <WalletNotice />
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
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ActionButton
          variant="contained"
          blockedReason={pairProblem}
          onClick={() => making.show({ makerTokenAddress, takerTokenAddress })}
        >
          Make Order
        </ActionButton>
        {/* Takes the book's orders of the chosen pair at once: buys the maker token with the taker token. */}
        <ActionButton
          variant="outlined"
          blockedReason={pairProblem}
          onClick={() =>
            makerTokenAddress &&
            takerTokenAddress &&
            trading.show({ base: makerTokenAddress, quote: takerTokenAddress, side: 'buy' })
          }
        >
          Buy / Sell
        </ActionButton>
        <Button variant="outlined" onClick={() => setAddTokenOpen(true)}>
          Add New Token
        </Button>
        <Button variant="outlined" onClick={() => setRawOpen(true)}>
          Raw Order
        </Button>
      </Stack>
      {makerToken && takerToken && !pairProblem ? (
        <Suspense fallback={null}>
          <PairTicker base={makerToken} quote={takerToken} />
        </Suspense>
      ) : null}
      {/* The skip link's target: Tab goes on from here to the book's first control. */}
      <Box id={ORDER_BOOK_ID} tabIndex={-1} sx={{ outline: 'none', minWidth: 0 }}>
        <OrdersTable
          makerTokenAddress={makerTokenAddress}
          takerTokenAddress={takerTokenAddress}
          onTake={taking.show}
          onCancel={cancelling.show}
        />
      </Box>
      <AfterFirstView>
        <PriceSourceNote />
        <WrapEthPanel />
      </AfterFirstView>
      <PlaceOrderDialogs making={making} trading={trading} />
      <OrderActionDialogs taking={taking} cancelling={cancelling} />
      <OnceOpened open={rawOpen}>
        <RawOrderDialog open={rawOpen} onClose={() => setRawOpen(false)} />
      </OnceOpened>
      <OnceOpened open={addTokenOpen}>
        <AddTokenDialog open={addTokenOpen} onClose={() => setAddTokenOpen(false)} />
      </OnceOpened>
    </Stack>
  );
}
