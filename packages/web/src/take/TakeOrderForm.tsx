import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { TokenRecord } from '@relayer/protocol';
import { useState } from 'react';
import { reservedReason } from '../browse/RowActions';
import { RevivalWarning } from '../cancel/RevivalWarning';
import { formatExactAmount } from '../format/amounts';
import { checkFunds, type FundsStatus } from '../funds/checkFunds';
import { FundsNotice } from '../funds/FundsNotice';
import { requiredTakerFunds } from '../funds/requiredTakerFunds';
import { useFunds } from '../funds/useFunds';
import { useChainNow } from '../network/useChainNow';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useRates } from '../prices/useRates';
import { AmountField } from '../shared/fields/AmountField';
import { ExpiryPickers } from '../shared/fields/ExpiryPickers';
import { OrderTokens } from '../shared/fields/OrderTokens';
import { PriceFields } from '../shared/fields/PriceFields';
import { ReadOnlyField } from '../shared/fields/ReadOnlyField';
import { fromExpirationSec } from '../shared/order/expiry';
import type { OrderFormProps } from '../shared/order/OrderFormDialog';
import { ShareLink } from '../shared/order/ShareLink';
import { toOrderRow, ZRX_DECIMALS } from '../shared/order/toOrderRow';
import { LoadingForm } from '../shared/orderDialog/LoadingForm';
import { useNow } from '../shared/time/useNow';
import { useWalletAction } from '../shared/walletAction/useWalletAction';
import { WalletActionContent } from '../shared/walletAction/WalletActionContent';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { useUnverifiedConfirm } from '../tokens/trust/useUnverifiedConfirm';
import { useTokens } from '../tokens/useTokens';
import { TxConfirmActions } from '../tx/TxConfirmActions';
import { useWallet } from '../wallet/useWallet';
import { defaultFillInput, maxFillTakerAmount, planFill } from './planFill';
import { useFillOrder } from './useFillOrder';

export type TakeOrderFormProps = OrderFormProps;

/**
 * SPEC §2/§4 taking: the order's tokens (trust mark, full address), amounts and prices read-only, a
 * partial fill amount, expiry by the chain's clock, funds checks (taker token and ZRX fee), then one
 * confirmation when a token is unverified, then fillOrder, its network cost shown before the prompt.
 */
export function TakeOrderForm({ titleId, order, onClose }: TakeOrderFormProps) {
  const { byAddress, isLoading } = useTokens();
  const { book, tokenPrice } = useRates();
  const networkInfo = useNetworkInfo();
  const wallet = useWallet();
  const fill = useFillOrder(order);
  const now = useNow();
  const nowSec = useChainNow();
  const maker = byAddress.get(order.makerTokenAddress);
  const taker = byAddress.get(order.takerTokenAddress);
  // Undefined until edited: the default needs the taker token's decimals, which may still be loading.
  const [edited, setInput] = useState<string>();
  const zrx = networkInfo?.zrx;
  const takerFunds = useFunds(order.takerTokenAddress, zrx, wallet.address);
  const { busy, run } = useWalletAction(onClose);
  const confirm = useUnverifiedConfirm(titleId, 'take');
  const [confirmed, setConfirmed] = useState(false);

  if (isLoading) return <LoadingForm titleId={titleId} onClose={onClose} />;
  if (!maker || !taker) {
    return (
      <>
        <DialogTitle id={titleId}>Take Order</DialogTitle>
        <DialogContent>
          <Alert severity="warning">
            This order trades a token the relayer does not list, so it cannot be taken here.
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  }

  const unverified = [maker, taker].filter((token) => !token.verified);
  const makerSymbol = displaySymbol(maker);
  const takerSymbol = displaySymbol(taker);
  const input = edited ?? defaultFillInput(order, taker);
  const maxAgeMs = book?.maxAgeMs ?? 1;
  const row = toOrderRow(order, {
    byAddress,
    prices: book ? { tokenPrice, maxAgeMs } : undefined,
    now,
    nowSec,
    account: wallet.address,
  });
  // Messages name the token by its symbol made safe to show.
  const plan = planFill(order, input, { decimals: taker.decimals, symbol: takerSymbol });
  const expiry = fromExpirationSec(order.expirationUnixTimestampSec);
  const reserved = reservedReason(order, wallet.address);
  // PROTOCOL.md §4.5 from the taker's side: the taker token and the ZRX fee, held and approved.
  const funds: FundsStatus =
    plan.ok && zrx
      ? checkFunds(
          requiredTakerFunds(taker.address, plan.fillTakerAmount, plan.paidTakerFee, zrx),
          takerFunds.funds,
        )
      : { status: 'loading' };
  // The order's amount, read-only, and what is still open of it when that is less.
  const orderAmount = (label: string, total: string, open: string, token: TokenRecord) => {
    const symbol = displaySymbol(token);
    return (
      <AmountField
        label={label}
        value={formatExactAmount(total, token.decimals)}
        symbol={symbol}
        readOnly
        helperText={
          open === total ? undefined : `${formatExactAmount(open, token.decimals)} ${symbol} still open`
        }
      />
    );
  };
  const sendable =
    plan.ok && funds.status === 'ok' && wallet.canTransact && !reserved && !row.expires.expired;
  const canTake = sendable && !busy;

  async function take() {
    if (!plan.ok || !canTake) return;
    const { fillTakerAmount } = plan;
    await run(() => fill.fill(fillTakerAmount));
  }

  const confirmStep = confirm.step(unverified, () => {
    setConfirmed(true);
    void take();
  });
  if (confirmStep) return confirmStep;

  return (
    <>
      <WalletActionContent titleId={titleId} title="Take Order" wallet={wallet}>
        {reserved && <Alert severity="warning">{reserved}</Alert>}
        {row.expires.expired && (
          <Alert severity="error">
            This order has expired by the chain’s clock ({row.expires.text}): the Exchange refuses every fill.
          </Alert>
        )}
        {unverified.length > 0 && (
          <Alert severity="warning">
            {unverified.length > 1 ? 'Both tokens are' : `${displaySymbol(unverified[0] ?? maker)} is`}{' '}
            unverified: anyone can create a token with any name and symbol. Check the address below.
          </Alert>
        )}
        <OrderTokens
          sides={[
            { role: 'You receive', address: maker.address, token: maker },
            { role: 'You pay', address: taker.address, token: taker },
          ]}
        />
        {orderAmount('Make Amount', order.makerTokenAmount, order.remainingMakerTokenAmount, maker)}
        {orderAmount('Take Amount', order.takerTokenAmount, order.remainingTakerTokenAmount, taker)}
        <AmountField
          label="Fill Amount"
          value={input}
          symbol={takerSymbol}
          onChange={setInput}
          error={plan.ok ? undefined : plan.error}
          helperText={`You pay up to ${formatExactAmount(maxFillTakerAmount(order), taker.decimals)} ${takerSymbol}`}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <ReadOnlyField
            label={`You Receive (${makerSymbol})`}
            value={plan.ok ? formatExactAmount(plan.receivedMakerAmount, maker.decimals) : '–'}
          />
          <ReadOnlyField
            label="Taker Fee (ZRX)"
            value={plan.ok ? formatExactAmount(plan.paidTakerFee, ZRX_DECIMALS) : '–'}
            helperText={`${formatExactAmount(order.takerFee || '0', ZRX_DECIMALS)} ZRX for a full fill`}
          />
        </Stack>
        <PriceFields
          symbol={makerSymbol}
          market={row.marketPrice}
          asking={row.askingPrice}
          judgement={row.judgement}
          maxAgeMs={maxAgeMs}
          viewpoint="taker"
        />
        <ExpiryPickers
          date={expiry.date}
          time={expiry.time}
          readOnly
          helperText={`${row.expires.expired ? 'Expired' : 'Expires'} ${row.expires.text.replace(/^expired /, '')} by the chain’s clock`}
          warning={row.expires.expired}
        />
        <FundsNotice status={funds} token={taker} enable={takerFunds.enable} purpose="this fill" />
        {funds.status === 'allowance' ? <RevivalWarning token={funds.token} step="enable" /> : null}
        <ShareLink orderHash={order.orderHash} />
      </WalletActionContent>
      <TxConfirmActions
        request={sendable && plan.ok ? fill.request(plan.fillTakerAmount) : undefined}
        status={fill.status}
        label="Take"
        busy={busy}
        disabled={!canTake}
        onClick={() => (unverified.length > 0 && !confirmed ? confirm.ask() : void take())}
        onClose={onClose}
      />
    </>
  );
}
