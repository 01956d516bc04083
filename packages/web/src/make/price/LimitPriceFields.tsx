import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { TokenRecord, UsdPrice } from '@relayer/protocol';
import { useId } from 'react';
import { formatExactAmount } from '../../format/amounts';
import { priceStatus } from '../../prices/priceStatus';
import { AmountField } from '../../shared/fields/AmountField';
import { ReadOnlyField } from '../../shared/fields/ReadOnlyField';
import { useNow } from '../../shared/time/useNow';
import { displaySymbol } from '../../tokens/trust/displaySymbol';
import type { MakeAmountValues, ResolvedAmounts } from '../resolveMakeAmounts';
import { exactPriceText, roundedText } from './exactPriceText';
import { MARKET_PRICE_DIGITS, marketPairPrice, PRICE_STEPS, steppedPriceText } from './marketLimitPrice';
import { parsePriceInput } from './parsePriceInput';
import type { OrderSide } from './priceToAmounts';

export interface LimitPriceFieldsProps {
  values: MakeAmountValues;
  maker: TokenRecord;
  taker: TokenRecord;
  /** USD prices of the two tokens, for the market price of the pair and its provenance. */
  makerUsd: UsdPrice | undefined;
  takerUsd: UsdPrice | undefined;
  maxAgeMs: number;
  resolved: ResolvedAmounts;
  /** Messages to show (after Save, or at once for the price). */
  errors: ResolvedAmounts['errors'];
  onChange(patch: Partial<MakeAmountValues>): void;
}

const other = (side: OrderSide): OrderSide => (side === 'maker' ? 'taker' : 'maker');
const FIELD = { maker: 'makerAmount', taker: 'takerAmount' } as const;

/**
 * The order by limit price: the price in either token (toggle), market-price buttons, the amount of
 * either side, the other side as the exact conversion gives it, and the price the signed order will
 * carry when whole base units force a rounding.
 */
export function LimitPriceFields(props: LimitPriceFieldsProps) {
  const { values, maker, taker, resolved, errors, onChange } = props;
  const now = useNow();
  const groupLabel = useId();
  const symbols = { maker: displaySymbol(maker), taker: displaySymbol(taker) };
  const quote = values.priceQuote;
  const unit = `${symbols[quote]} per ${symbols[other(quote)]}`;
  const market = marketPairPrice(props.makerUsd?.price, props.takerUsd?.price, quote);
  const basis = [props.makerUsd, props.takerUsd]
    .filter((price): price is UsdPrice => price !== undefined)
    .map((price) => priceStatus(price, props.maxAgeMs, now))
    .find((status) => status.quality !== 'live');
  const marketText = market
    ? `Market price: ${roundedText(market, MARKET_PRICE_DIGITS)} ${unit} (${basis?.label ?? 'live'})`
    : 'No market price for this pair';
  const switchQuote = (next: OrderSide) => {
    const typed = parsePriceInput(values.price).value;
    // The same price in the other token: its inverse, so the order does not change under the maker.
    const price = typed
      ? roundedText({ numerator: typed.denominator, denominator: typed.numerator }, MARKET_PRICE_DIGITS + 2)
      : values.price;
    onChange({ priceQuote: next, price });
  };
  const typedSide = values.amountSide;
  const computed = other(typedSide);
  const tokens = { maker, taker };
  const { priced } = resolved;
  const amountOf = (side: OrderSide) =>
    priced
      ? `${formatExactAmount(side === 'maker' ? priced.makerTokenAmount : priced.takerTokenAmount, tokens[side].decimals)} ${symbols[side]}`
      : '';
  const signed = priced && !priced.exact ? exactPriceText(priced.signedPrice) : undefined;
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={quote}
        aria-label="Price in"
        onChange={(_e, value: OrderSide | null) => value && value !== quote && switchQuote(value)}
      >
        <ToggleButton value="taker">{`${symbols.taker} per ${symbols.maker}`}</ToggleButton>
        <ToggleButton value="maker">{`${symbols.maker} per ${symbols.taker}`}</ToggleButton>
      </ToggleButtonGroup>
      <TextField
        label={`Price (${unit})`}
        value={values.price}
        onChange={(event) => onChange({ price: event.target.value })}
        error={Boolean(errors.price)}
        helperText={errors.price ?? marketText}
        fullWidth
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">{symbols[quote]}</InputAdornment> },
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        }}
      />
      <Stack
        direction="row"
        role="group"
        aria-labelledby={groupLabel}
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        <span id={groupLabel} hidden>
          Set the price from the market price
        </span>
        <Button
          size="small"
          variant="outlined"
          disabled={!market}
          onClick={() => market && onChange({ price: steppedPriceText(market, 0) })}
        >
          Market price
        </Button>
        {PRICE_STEPS.map((step) => (
          <Button
            key={step}
            size="small"
            variant="outlined"
            disabled={!market}
            onClick={() => market && onChange({ price: steppedPriceText(market, step) })}
          >
            {`${step > 0 ? '+' : '-'}${Math.abs(step)} %`}
          </Button>
        ))}
      </Stack>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={typedSide}
        aria-label="Amount entered"
        onChange={(_e, value: OrderSide | null) => value && onChange({ amountSide: value })}
      >
        <ToggleButton value="maker">{`${symbols.maker} you give`}</ToggleButton>
        <ToggleButton value="taker">{`${symbols.taker} you get`}</ToggleButton>
      </ToggleButtonGroup>
      <AmountField
        label={typedSide === 'maker' ? 'Make Amount' : 'Take Amount'}
        value={values[FIELD[typedSide]]}
        symbol={symbols[typedSide]}
        onChange={(value) => onChange({ [FIELD[typedSide]]: value })}
        error={errors[FIELD[typedSide]]}
      />
      <ReadOnlyField
        label={computed === 'maker' ? 'Make Amount at this price' : 'Take Amount at this price'}
        value={amountOf(computed)}
        helperText="Rounded to whole base units in your favour"
      />
      {signed ? (
        <Alert severity="info" data-signed-price={signed.text}>
          {`Signed price: ${signed.exact ? '' : 'about '}${signed.text} ${unit}. `}
          {signed.exact
            ? 'The tokens’ decimals round the amounts to whole base units: this is the price the order carries.'
            : `The order carries exactly ${amountOf(quote)} for ${amountOf(other(quote))}.`}
        </Alert>
      ) : null}
    </Stack>
  );
}
