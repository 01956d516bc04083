import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { AmountField } from '../shared/fields/AmountField';
import type { MarketSide } from './marketOrderQuery';

export interface MarketOrderFieldsProps {
  side: MarketSide;
  onSide(side: MarketSide): void;
  baseSymbol: string;
  amount: string;
  onAmount(text: string): void;
  amountError?: string;
  bound: string;
  onBound(text: string): void;
  boundError?: string;
}

/** The market order's inputs: buy or sell the base token, how much, and the worst price accepted. */
export function MarketOrderFields(props: MarketOrderFieldsProps) {
  const { side, baseSymbol } = props;
  const direction = side === 'buy' ? 'above' : 'below';
  const sideLabelId = useId();
  return (
    <>
      <FormControl>
        <FormLabel id={sideLabelId}>Side</FormLabel>
        <RadioGroup
          row
          aria-labelledby={sideLabelId}
          value={side}
          onChange={(event) => props.onSide(event.target.value as MarketSide)}
        >
          <FormControlLabel value="buy" control={<Radio />} label={`Buy ${baseSymbol}`} />
          <FormControlLabel value="sell" control={<Radio />} label={`Sell ${baseSymbol}`} />
        </RadioGroup>
      </FormControl>
      <AmountField
        label={side === 'buy' ? 'Amount to buy' : 'Amount to sell'}
        value={props.amount}
        symbol={baseSymbol}
        onChange={props.onAmount}
        error={props.amountError}
        helperText="Filled from the best prices of the book, in one transaction"
      />
      <TextField
        label="Worst price accepted"
        value={props.bound}
        onChange={(event) => props.onBound(event.target.value)}
        error={Boolean(props.boundError)}
        helperText={
          props.boundError ?? `Refused when an order used is priced more than this ${direction} the best one`
        }
        fullWidth
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">% from the best price</InputAdornment> },
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        }}
      />
    </>
  );
}
