import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import type { Address } from '@relayer/protocol';
import { useId, useState } from 'react';
import { formatExactAmount, parseAmountInput } from '../format/amounts';
import { checkFunds, type FundsStatus } from '../funds/checkFunds';
import { FundsNotice } from '../funds/FundsNotice';
import { requiredTakerFunds } from '../funds/requiredTakerFunds';
import { useFunds } from '../funds/useFunds';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { LoadingForm } from '../shared/orderDialog/LoadingForm';
import { BlockedReasonText } from '../shared/walletAction/BlockedReasonText';
import { WalletActionContent } from '../shared/walletAction/WalletActionContent';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { useTokens } from '../tokens/useTokens';
import { TxCost } from '../tx/TxCost';
import { TxStatusLine } from '../tx/TxStatusLine';
import { txBlockedReason } from '../tx/txBlockedReason';
import { useTxCost } from '../tx/useTxCost';
import { ActionButton } from '../wallet/ActionButton';
import { useWallet } from '../wallet/useWallet';
import { buildMarketOrderCall } from './buildMarketOrderCall';
import { MarketOrderFields } from './MarketOrderFields';
import { MarketOrderReview } from './MarketOrderReview';
import type { MarketSide } from './marketOrderQuery';
import { DEFAULT_BOUND_PERCENT, parseWorstPriceBound } from './parseWorstPriceBound';
import { reviewMarketQuote } from './reviewMarketQuote';
import { StepHeading } from './StepHeading';
import { useMarketOrderFlow } from './useMarketOrderFlow';

/** The market a market order trades in, and the side the form opens on. */
export interface MarketOrderTarget {
  base: Address;
  quote: Address;
  side: MarketSide;
}

export interface MarketOrderFormProps {
  titleId: string;
  target: MarketOrderTarget;
  onClose(): void;
}

/**
 * Issue 26 market orders: an amount of the base token to buy or sell and the worst price accepted; then
 * a review of the relayer's quote (orders used, prices, fees, network cost, or why it is refused) with
 * the Enable step when the sell token is not approved; then one Exchange call and its result in words.
 */
export function MarketOrderForm({ titleId, target, onClose }: MarketOrderFormProps) {
  const { byAddress, isLoading } = useTokens();
  const wallet = useWallet();
  const networkInfo = useNetworkInfo();
  const flow = useMarketOrderFlow();
  const [side, setSide] = useState(target.side);
  const [amountText, setAmountText] = useState('');
  const [boundText, setBoundText] = useState(DEFAULT_BOUND_PERCENT);
  const [submitted, setSubmitted] = useState(false);
  const base = byAddress.get(target.base);
  const quote = byAddress.get(target.quote);
  const { step } = flow;
  const reviewing = step.kind === 'review' || step.kind === 'sending' ? step : undefined;
  const sellAddress = (reviewing?.request.side ?? side) === 'buy' ? target.quote : target.base;
  const funds = useFunds(sellAddress, networkInfo?.zrx, wallet.address);
  const bound = parseWorstPriceBound(boundText);
  const review =
    reviewing && bound.bound
      ? reviewMarketQuote(reviewing.loaded.quote, reviewing.request, bound.bound)
      : undefined;
  const zrx = networkInfo?.zrx;
  const fundsStatus: FundsStatus =
    reviewing && zrx
      ? checkFunds(
          requiredTakerFunds(
            sellAddress,
            BigInt(reviewing.loaded.quote.sellAmount),
            BigInt(reviewing.loaded.quote.takerFee),
            zrx,
          ),
          funds.funds,
        )
      : { status: 'loading' };
  // Estimated only once the review would send: an estimate of a call that cannot happen means nothing.
  const txRequest =
    reviewing && review && !review.refusal && fundsStatus.status === 'ok'
      ? flow.request(buildMarketOrderCall(reviewing.loaded.quote))
      : undefined;
  const cost = useTxCost(txRequest);
  const blockedReason = step.kind === 'sending' ? undefined : txBlockedReason(cost);
  const reasonId = useId();

  if (isLoading) return <LoadingForm titleId={titleId} onClose={onClose} />;
  if (!base || !quote) {
    return (
      <>
        <WalletActionContent titleId={titleId} title="Market order" wallet={wallet}>
          <Alert severity="warning">This market trades a token the relayer does not list.</Alert>
        </WalletActionContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  }

  const baseSymbol = displaySymbol(base);
  const amount = parseAmountInput(amountText, base.decimals, baseSymbol);
  const sellToken = sellAddress === base.address ? base : quote;

  function startReview() {
    setSubmitted(true);
    if (amount.value === undefined || !bound.bound || !base || !quote) return;
    void flow.review({
      side,
      base,
      quote,
      amount: amount.value,
      ...(wallet.address ? { taker: wallet.address } : {}),
    });
  }

  const unverified = [base, quote].filter((token) => !token.verified);
  const verb = (reviewing?.request.side ?? side) === 'buy' ? 'Buy' : 'Sell';

  return (
    <>
      <WalletActionContent titleId={titleId} title="Market order" wallet={wallet}>
        {unverified.length > 0 && (
          <Alert severity="warning">
            {unverified.map(displaySymbol).join(' and ')} {unverified.length > 1 ? 'are' : 'is'} unverified:
            anyone can create a token with any name and symbol. Check the market's addresses.
          </Alert>
        )}
        {(step.kind === 'edit' || step.kind === 'loading') && (
          <>
            <StepHeading>
              {side === 'buy' ? 'Buy' : 'Sell'} {baseSymbol} for {displaySymbol(quote)}
            </StepHeading>
            <MarketOrderFields
              side={side}
              onSide={setSide}
              baseSymbol={baseSymbol}
              amount={amountText}
              onAmount={setAmountText}
              amountError={submitted || amountText !== '' ? amount.error : undefined}
              bound={boundText}
              onBound={setBoundText}
              boundError={bound.error}
            />
          </>
        )}
        {reviewing && review && (
          <>
            <StepHeading key={reviewing.loaded.fetchedAt}>Review</StepHeading>
            {reviewing.changed && (
              <Alert severity="warning">
                The book changed since you opened the review: check the new figures.
              </Alert>
            )}
            <MarketOrderReview
              review={review}
              side={reviewing.request.side}
              base={base}
              quote={quote}
              asked={reviewing.request.amount}
              boundText={boundText}
            />
            {!review.refusal && (
              <FundsNotice
                status={fundsStatus}
                token={sellToken}
                enable={funds.enable}
                purpose="this market order"
              />
            )}
          </>
        )}
        {step.kind === 'done' && (
          <>
            <StepHeading>Done</StepHeading>
            <Alert severity="success" role="status">
              {step.result.summary}
            </Alert>
            {step.result.skipped.map((text) => (
              <Alert key={text} severity="info" role="status">
                {text}
              </Alert>
            ))}
          </>
        )}
        {flow.problem && <Alert severity="error">{flow.problem}</Alert>}
      </WalletActionContent>
      {(reviewing || step.kind === 'done') && (
        <Stack spacing={0.5} sx={{ px: 3, pt: 1 }}>
          <TxCost cost={cost} />
          <TxStatusLine status={flow.status} />
        </Stack>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {blockedReason && <BlockedReasonText id={reasonId} reason={blockedReason} />}
        {reviewing && (
          <Button disabled={step.kind === 'sending'} onClick={flow.back}>
            Back
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
        {(step.kind === 'edit' || step.kind === 'loading') && (
          <Button variant="contained" disabled={step.kind === 'loading'} onClick={startReview}>
            {step.kind === 'loading' ? 'Asking for a quote…' : 'Review'}
          </Button>
        )}
        {reviewing && review && (
          <ActionButton
            variant="contained"
            disabled={
              step.kind === 'sending' ||
              Boolean(review.refusal) ||
              fundsStatus.status !== 'ok' ||
              Boolean(blockedReason)
            }
            {...(blockedReason ? { 'aria-describedby': reasonId } : {})}
            onClick={() => step.kind === 'review' && void flow.confirm(step)}
          >
            {step.kind === 'sending'
              ? flow.status.phase === 'pending'
                ? 'Waiting for the block…'
                : 'Waiting for the wallet…'
              : `${verb} ${formatExactAmount(review.baseAmount, base.decimals)} ${baseSymbol}`}
          </ActionButton>
        )}
      </DialogActions>
    </>
  );
}
