import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { OrderRecord } from '@relayer/protocol';
import { useState } from 'react';
import { formatExactAmount } from '../format/amounts';
import { checkFunds, type FundsStatus } from '../funds/checkFunds';
import { FundsNotice } from '../funds/FundsNotice';
import { useFunds } from '../funds/useFunds';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useRates } from '../prices/useRates';
import { AmountField } from '../shared/fields/AmountField';
import { ExpiryPickers } from '../shared/fields/ExpiryPickers';
import { PriceFields } from '../shared/fields/PriceFields';
import { ReadOnlyField } from '../shared/fields/ReadOnlyField';
import { fromExpirationSec } from '../shared/order/expiry';
import { toOrderRow, ZRX_DECIMALS } from '../shared/order/toOrderRow';
import { LoadingForm } from '../shared/orderDialog/LoadingForm';
import { useTokens } from '../tokens/useTokens';
import { useWallet } from '../wallet/useWallet';
import { defaultFillInput, maxFillTakerAmount, planFill } from './planFill';
import { requiredTakerFunds } from './requiredTakerFunds';
import { useFillOrder } from './useFillOrder';

export interface TakeOrderFormProps {
  titleId: string;
  order: OrderRecord;
  onClose(): void;
}

/** SPEC §2/§4 taking: the order's fields read-only, a partial fill amount, funds checks, then fillOrder. */
export function TakeOrderForm({ titleId, order, onClose }: TakeOrderFormProps) {
  const { byAddress, isLoading } = useTokens();
  const { rates } = useRates();
  const networkInfo = useNetworkInfo();
  const wallet = useWallet();
  const fill = useFillOrder(order);
  const maker = byAddress.get(order.makerTokenAddress);
  const taker = byAddress.get(order.takerTokenAddress);
  // Undefined until edited: the default needs the taker token's decimals, which may still be loading.
  const [edited, setInput] = useState<string>();
  const zrx = networkInfo?.zrx;
  const takerFunds = useFunds(order.takerTokenAddress, zrx, wallet.address);
  const [busy, setBusy] = useState(false);

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

  const input = edited ?? defaultFillInput(order, taker);
  const row = toOrderRow(order, { byAddress, rates: rates?.rates });
  const plan = planFill(order, input, taker);
  const expiry = fromExpirationSec(order.expirationUnixTimestampSec);
  // PROTOCOL.md §4.5 from the taker's side: the taker token and the ZRX fee, held and approved.
  const funds: FundsStatus =
    plan.ok && zrx
      ? checkFunds(
          requiredTakerFunds(taker.address, plan.fillTakerAmount, plan.paidTakerFee, zrx),
          takerFunds.funds,
        )
      : { status: 'loading' };
  const remaining = (part: string, total: string, decimals: number, symbol: string) =>
    part === total ? undefined : `${formatExactAmount(part, decimals)} ${symbol} still open`;
  const canTake = plan.ok && funds.status === 'ok' && wallet.canTransact && !busy;

  async function take() {
    if (!plan.ok || !canTake) return;
    setBusy(true);
    const filled = await fill(plan.fillTakerAmount);
    setBusy(false);
    if (filled) onClose();
  }

  return (
    <>
      <DialogTitle id={titleId}>Take Order</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!wallet.canTransact && wallet.disabledReason && (
            <Alert severity="info">{wallet.disabledReason}</Alert>
          )}
          <AmountField
            label="Make Amount"
            value={formatExactAmount(order.makerTokenAmount, maker.decimals)}
            symbol={maker.symbol}
            readOnly
            helperText={remaining(
              order.remainingMakerTokenAmount,
              order.makerTokenAmount,
              maker.decimals,
              maker.symbol,
            )}
          />
          <AmountField
            label="Take Amount"
            value={formatExactAmount(order.takerTokenAmount, taker.decimals)}
            symbol={taker.symbol}
            readOnly
            helperText={remaining(
              order.remainingTakerTokenAmount,
              order.takerTokenAmount,
              taker.decimals,
              taker.symbol,
            )}
          />
          <AmountField
            label="Fill Amount"
            value={input}
            symbol={taker.symbol}
            onChange={setInput}
            error={plan.ok ? undefined : plan.error}
            helperText={`You pay up to ${formatExactAmount(maxFillTakerAmount(order), taker.decimals)} ${taker.symbol}`}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ReadOnlyField
              label={`You Receive (${maker.symbol})`}
              value={plan.ok ? formatExactAmount(plan.receivedMakerAmount, maker.decimals) : '–'}
            />
            <ReadOnlyField
              label="Taker Fee (ZRX)"
              value={plan.ok ? formatExactAmount(plan.paidTakerFee, ZRX_DECIMALS) : '–'}
            />
          </Stack>
          <PriceFields symbol={maker.symbol} market={row.marketPrice} asking={row.askingPrice} />
          <ExpiryPickers date={expiry.date} time={expiry.time} readOnly />
          <FundsNotice
            status={funds}
            symbolOf={(token) => (token === taker.address ? taker.symbol : 'ZRX')}
            decimalsOf={(token) => (token === taker.address ? taker.decimals : ZRX_DECIMALS)}
            enable={takerFunds.enable}
            purpose="this fill"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" disabled={!canTake} onClick={() => void take()}>
          {busy ? 'Waiting for the wallet…' : 'Take'}
        </Button>
      </DialogActions>
    </>
  );
}
