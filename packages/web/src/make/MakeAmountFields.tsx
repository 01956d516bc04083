import Alert from '@mui/material/Alert';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { TokenRecord, UsdPrice } from '@relayer/protocol';
import { AmountField } from '../shared/fields/AmountField';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { LimitPriceFields } from './price/LimitPriceFields';
import type { MakeAmountValues, MakeEntry, ResolvedAmounts } from './resolveMakeAmounts';

export interface MakeAmountFieldsProps {
  values: MakeAmountValues;
  maker: TokenRecord | undefined;
  taker: TokenRecord | undefined;
  makerUsd: UsdPrice | undefined;
  takerUsd: UsdPrice | undefined;
  maxAgeMs: number;
  resolved: ResolvedAmounts;
  errors: ResolvedAmounts['errors'];
  /** "7.3" when the order gives the maker that much less than the market value (live prices only). */
  farBelowMarketPercent: string | undefined;
  onChange(patch: Partial<MakeAmountValues>): void;
}

/**
 * What the order trades, entered as two amounts or as a limit price and one amount (a switch; the
 * price needs both tokens chosen), and the warning when that is far below the market for the maker.
 */
export function MakeAmountFields(props: MakeAmountFieldsProps) {
  const { values, maker, taker, errors, onChange } = props;
  const amountField = (label: string, field: 'makerAmount' | 'takerAmount', token?: TokenRecord) => (
    <AmountField
      label={label}
      value={values[field]}
      symbol={token ? displaySymbol(token) : undefined}
      onChange={(value) => onChange({ [field]: value })}
      error={errors[field]}
    />
  );
  const byPrice = values.entry === 'price' && maker && taker && maker.address !== taker.address;
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={values.entry}
        aria-label="Enter the order by"
        onChange={(_e, value: MakeEntry | null) => value && onChange({ entry: value })}
      >
        <ToggleButton value="amounts">Two amounts</ToggleButton>
        <ToggleButton value="price" disabled={!maker || !taker}>
          Limit price
        </ToggleButton>
      </ToggleButtonGroup>
      {byPrice ? (
        <LimitPriceFields {...props} maker={maker} taker={taker} />
      ) : values.entry === 'price' ? (
        <Alert severity="info">Choose two different tokens first: the price is one token in the other.</Alert>
      ) : (
        <>
          {amountField('Make Amount', 'makerAmount', maker)}
          {amountField('Take Amount', 'takerAmount', taker)}
        </>
      )}
      {props.farBelowMarketPercent ? (
        <Alert severity="warning" data-far-from-market>
          This price is {props.farBelowMarketPercent}% below the market: you would get that much less than the
          market value of what you give. Check the price before you save.
        </Alert>
      ) : null}
    </>
  );
}
