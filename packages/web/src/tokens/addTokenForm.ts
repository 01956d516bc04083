import type { Token } from '@relayer/protocol';
import { isAddress } from 'viem';

export interface AddTokenForm {
  name: string;
  symbol: string;
  address: string;
  decimals: string;
}

export type AddTokenErrors = Partial<Record<keyof AddTokenForm, string>>;

export const emptyAddTokenForm: AddTokenForm = { name: '', symbol: '', address: '', decimals: '' };

export const REQUIRED = 'This field is required';

/** SPEC §5: every field required; the address must be one and decimals a whole number 0-36. */
export function validateAddTokenForm(form: AddTokenForm): AddTokenErrors {
  const errors: AddTokenErrors = {};
  for (const field of ['name', 'symbol', 'address', 'decimals'] as const) {
    if (form[field].trim() === '') errors[field] = REQUIRED;
  }
  if (!errors.address && !isAddress(form.address.trim(), { strict: false }))
    errors.address = 'Not a valid address';
  if (!errors.decimals && !/^\d{1,2}$/.test(form.decimals.trim()))
    errors.decimals = 'Enter a whole number from 0 to 36';
  else if (!errors.decimals && Number(form.decimals) > 36)
    errors.decimals = 'Enter a whole number from 0 to 36';
  return errors;
}

export function toToken(form: AddTokenForm): Token {
  return {
    address: form.address.trim().toLowerCase() as Token['address'],
    name: form.name.trim(),
    symbol: form.symbol.trim(),
    decimals: Number(form.decimals.trim()),
  };
}
