import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useRates } from '../prices/useRates';
import { AmountField } from '../shared/fields/AmountField';
import { ExpiryPickers } from '../shared/fields/ExpiryPickers';
import { PriceFields } from '../shared/fields/PriceFields';
import { TokenSelect } from '../shared/fields/TokenSelect';
import { LoadingForm } from '../shared/orderDialog/LoadingForm';
import { useTokens } from '../tokens/useTokens';
import { useWallet } from '../wallet/useWallet';
import { MakerFundsCheck } from './MakerFundsCheck';
import { makeOrderPrices } from './makeOrderPrices';
import { useSubmitOrder } from './useSubmitOrder';
import {
  initialMakeOrderValues,
  type MakeOrderDraft,
  type MakeOrderValues,
  validateMakeOrder,
} from './validateMakeOrder';

export interface MakeOrderFormProps {
  titleId: string;
  draft?: MakeOrderDraft;
  onClose(): void;
}

/** SPEC §2/§4 new order: amounts in human units, expiry pickers, validated on Save, then signed and posted. */
export function MakeOrderForm({ titleId, draft, onClose }: MakeOrderFormProps) {
  const { tokens, byAddress, isLoading } = useTokens();
  const { marketPrice } = useRates();
  const wallet = useWallet();
  const submit = useSubmitOrder();
  const [values, setValues] = useState(() => initialMakeOrderValues(draft));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const validation = validateMakeOrder(values, byAddress);
  const errors = submitted ? validation.errors : {};
  const set =
    <K extends keyof MakeOrderValues>(field: K) =>
    (value: MakeOrderValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));
  const maker = byAddress.get(values.makerTokenAddress);
  const taker = byAddress.get(values.takerTokenAddress);
  const prices = makeOrderPrices(values, maker, taker, marketPrice);
  const showTokenSelects = !draft?.makerTokenAddress || !draft?.takerTokenAddress;

  if (isLoading) return <LoadingForm titleId={titleId} title="Make Order" onClose={onClose} />;

  async function save() {
    setSubmitted(true);
    // Validated again at the moment of saving: the expiry may have passed while the dialog stood open.
    const current = validateMakeOrder(values, byAddress);
    if (!current.ok || busy) return;
    setBusy(true);
    const added = await submit(current.input);
    setBusy(false);
    if (added) onClose();
  }

  return (
    <>
      <DialogTitle id={titleId}>Make Order</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!wallet.canTransact && wallet.disabledReason && (
            <Alert severity="info">{wallet.disabledReason}</Alert>
          )}
          {showTokenSelects && (
            <>
              <TokenSelect
                label="Maker Token Address"
                value={values.makerTokenAddress}
                tokens={tokens}
                onChange={set('makerTokenAddress')}
                error={errors.makerTokenAddress}
              />
              <TokenSelect
                label="Taker Token Address"
                value={values.takerTokenAddress}
                tokens={tokens}
                onChange={set('takerTokenAddress')}
                error={errors.takerTokenAddress}
              />
            </>
          )}
          <AmountField
            label="Make Amount"
            value={values.makerAmount}
            symbol={maker?.symbol}
            onChange={set('makerAmount')}
            error={errors.makerAmount}
          />
          <AmountField
            label="Take Amount"
            value={values.takerAmount}
            symbol={taker?.symbol}
            onChange={set('takerAmount')}
            error={errors.takerAmount}
          />
          <PriceFields symbol={maker?.symbol} market={prices.market} asking={prices.asking} />
          <ExpiryPickers
            date={values.expirationDate}
            time={values.expirationTime}
            onDate={set('expirationDate')}
            onTime={set('expirationTime')}
            dateError={errors.expirationDate}
            timeError={errors.expirationTime}
          />
          {validation.ok && maker && wallet.address && (
            <MakerFundsCheck
              token={maker}
              owner={wallet.address}
              amount={validation.input.makerTokenAmount}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !wallet.canTransact}>
          {busy ? 'Waiting for the wallet…' : 'Save'}
        </Button>
      </DialogActions>
    </>
  );
}
