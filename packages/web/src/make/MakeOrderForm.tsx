import Alert from '@mui/material/Alert';
import { NULL_ADDRESS, type TokenRecord } from '@relayer/protocol';
import dayjs from 'dayjs';
import { useState } from 'react';
import { RevivalWarning } from '../cancel/RevivalWarning';
import { formatExactAmount } from '../format/amounts';
import { FundsNotice } from '../funds/FundsNotice';
import { useChainClock } from '../network/useChainClock';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useRates } from '../prices/useRates';
import { ExpiryPickers } from '../shared/fields/ExpiryPickers';
import { OrderTokens } from '../shared/fields/OrderTokens';
import { PriceFields } from '../shared/fields/PriceFields';
import { ReadOnlyField } from '../shared/fields/ReadOnlyField';
import { TokenSelect } from '../shared/fields/TokenSelect';
import { ZRX_DECIMALS } from '../shared/order/toOrderRow';
import { LoadingForm } from '../shared/orderDialog/LoadingForm';
import { useNow } from '../shared/time/useNow';
import { useWalletAction } from '../shared/walletAction/useWalletAction';
import { WalletActionButtons } from '../shared/walletAction/WalletActionButtons';
import { WalletActionContent } from '../shared/walletAction/WalletActionContent';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { useUnverifiedConfirm } from '../tokens/trust/useUnverifiedConfirm';
import { useTokens } from '../tokens/useTokens';
import { useWallet } from '../wallet/useWallet';
import { chainExpiryWarning } from './chainExpiryWarning';
import { MakeAmountFields } from './MakeAmountFields';
import { makeOrderPrices } from './makeOrderPrices';
import { resolveMakeAmounts } from './resolveMakeAmounts';
import { useMakerFunds } from './useMakerFunds';
import { useSubmitOrder } from './useSubmitOrder';
import {
  initialMakeOrderValues,
  type MakeOrderDraft,
  type MakeOrderValues,
  SAME_TOKEN_MESSAGE,
  validateMakeOrder,
} from './validateMakeOrder';

export interface MakeOrderFormProps {
  titleId: string;
  draft?: MakeOrderDraft;
  onClose(): void;
}

/**
 * SPEC §2/§4 new order: tokens (trust mark, full address), amounts in human units, prices with their
 * provenance, the maker fee and the funds it needs, expiry pickers checked against the chain's clock;
 * validated on Save, one confirmation when a token is unverified, then signed and posted.
 */
export function MakeOrderForm({ titleId, draft, onClose }: MakeOrderFormProps) {
  const { tokens, byAddress, isLoading } = useTokens();
  const { book, tokenPrice } = useRates();
  const networkInfo = useNetworkInfo();
  const wallet = useWallet();
  const submit = useSubmitOrder();
  const now = useNow();
  // Read at every render (it re-renders every 15 s): a check made on Save sees the very moment.
  const { expiryMarginSec, maxExpirySec, readNowSec } = useChainClock();
  const chainNowSec = readNowSec();
  const [values, setValues] = useState(() => initialMakeOrderValues(draft));
  const [submitted, setSubmitted] = useState(false);
  const { busy, run } = useWalletAction(onClose);
  const confirm = useUnverifiedConfirm(titleId, 'make');

  // The Exchange judges expiry by the chain's clock, which may run ahead of this computer's.
  const validation = validateMakeOrder(values, byAddress, dayjs.unix(Number(chainNowSec)));
  // Choosing one token twice is said at once, not only on Save.
  const sameToken = validation.errors.takerTokenAddress === SAME_TOKEN_MESSAGE;
  const errors = submitted ? validation.errors : sameToken ? { takerTokenAddress: SAME_TOKEN_MESSAGE } : {};
  const set =
    <K extends keyof MakeOrderValues>(field: K) =>
    (value: MakeOrderValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));
  const tokenField = (label: string, field: 'makerTokenAddress' | 'takerTokenAddress') => (
    <TokenSelect
      label={label}
      value={values[field]}
      tokens={tokens}
      onChange={set(field)}
      error={errors[field]}
    />
  );
  const maker = byAddress.get(values.makerTokenAddress);
  const taker = byAddress.get(values.takerTokenAddress);
  const maxAgeMs = book?.maxAgeMs ?? 1;
  const amounts = resolveMakeAmounts(values, maker, taker);
  const prices = makeOrderPrices(amounts, maker, taker, { tokenPrice, maxAgeMs, now });
  const showTokenSelects = !draft?.makerTokenAddress || !draft?.takerTokenAddress;
  const unverified = [maker, taker]
    .filter((token): token is TokenRecord => token !== undefined && !token.verified)
    .filter((token, i, all) => all.indexOf(token) === i);
  const charged = networkInfo && networkInfo.feeRecipient !== NULL_ADDRESS;
  const makerFee = charged ? BigInt(networkInfo.makerFee) : 0n;
  const makerFunds = useMakerFunds(
    validation.ok && maker ? { token: maker.address, amount: validation.input.makerTokenAmount } : undefined,
    wallet.address,
    makerFee,
    networkInfo?.zrx,
  );
  // What the wallet lacks is said before anything is signed; the relayer would refuse the order anyway.
  const fundsShort = makerFunds.status.status === 'balance' || makerFunds.status.status === 'allowance';
  const expiryWarning = chainExpiryWarning(
    values.expirationDate,
    values.expirationTime,
    chainNowSec,
    expiryMarginSec,
    maxExpirySec,
  );
  // Errors of the token fields stand above the form when the fields themselves are not shown.
  const hiddenErrors = showTokenSelects
    ? []
    : [errors.makerTokenAddress, errors.takerTokenAddress].filter(Boolean);

  if (isLoading) return <LoadingForm titleId={titleId} title="Make Order" onClose={onClose} />;

  async function save(confirmed = false) {
    setSubmitted(true);
    // Validated again at the moment of saving: the expiry may have passed while the dialog stood open.
    const current = validateMakeOrder(values, byAddress, dayjs.unix(Number(readNowSec())));
    if (!current.ok || busy || fundsShort) return;
    if (unverified.length > 0 && !confirmed) {
      confirm.ask();
      return;
    }
    const { input } = current;
    await run(() => submit(input));
  }

  const confirmStep = confirm.step(unverified, () => void save(true));
  if (confirmStep) return confirmStep;

  return (
    <>
      <WalletActionContent titleId={titleId} title="Make Order" wallet={wallet}>
        {hiddenErrors.map((error) => (
          <Alert key={error} severity="error">
            {error}
          </Alert>
        ))}
        {showTokenSelects && (
          <>
            {tokenField('Maker Token Address', 'makerTokenAddress')}
            {tokenField('Taker Token Address', 'takerTokenAddress')}
          </>
        )}
        {maker && taker && !sameToken ? (
          <OrderTokens
            sides={[
              { role: 'You give', address: maker.address, token: maker },
              { role: 'You get', address: taker.address, token: taker },
            ]}
          />
        ) : null}
        <MakeAmountFields
          values={values}
          maker={maker}
          taker={taker}
          makerUsd={maker ? tokenPrice(maker.address) : undefined}
          takerUsd={taker ? tokenPrice(taker.address) : undefined}
          maxAgeMs={maxAgeMs}
          resolved={amounts}
          errors={errors}
          farBelowMarketPercent={prices.farBelowMarketPercent}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        />
        <PriceFields
          symbol={maker ? displaySymbol(maker) : undefined}
          market={prices.market}
          asking={prices.asking}
          judgement={prices.judgement}
          maxAgeMs={maxAgeMs}
          viewpoint="maker"
        />
        <ReadOnlyField
          label="Maker Fee (ZRX)"
          value={formatExactAmount(makerFee, ZRX_DECIMALS)}
          helperText={
            charged
              ? 'Paid in ZRX to the relayer’s fee recipient as the order fills; your ZRX must cover it'
              : 'This relayer charges no fees'
          }
        />
        <ExpiryPickers
          date={values.expirationDate}
          time={values.expirationTime}
          onDate={set('expirationDate')}
          onTime={set('expirationTime')}
          dateError={errors.expirationDate}
          timeError={errors.expirationTime}
          helperText={expiryWarning}
          warning={expiryWarning !== undefined}
        />
        {maker ? (
          <FundsNotice
            status={makerFunds.status}
            token={maker}
            enable={makerFunds.enable}
            purpose="this order"
          />
        ) : null}
        {makerFunds.status.status === 'allowance' ? (
          <RevivalWarning token={makerFunds.status.token} step="enable" />
        ) : null}
      </WalletActionContent>
      <WalletActionButtons
        label="Save"
        busy={busy}
        disabled={busy || !wallet.canTransact || fundsShort}
        onClick={() => void save()}
        onClose={onClose}
      />
    </>
  );
}
