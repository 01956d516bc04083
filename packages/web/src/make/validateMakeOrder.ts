import type { Address, TokenRecord } from '@relayer/protocol';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { REQUIRED_MESSAGE } from '../format/amounts';
import { defaultExpiry, toExpirationSec } from '../shared/order/expiry';
import { type MakeAmountValues, resolveMakeAmounts } from './resolveMakeAmounts';

export const PAST_EXPIRY_MESSAGE = 'The expiry must be in the future';
export const SAME_TOKEN_MESSAGE = 'Choose two different tokens';
export const UNKNOWN_TOKEN_MESSAGE = 'Unknown token: add it with Add New Token first';

export interface MakeOrderValues extends MakeAmountValues {
  makerTokenAddress: string;
  takerTokenAddress: string;
  expirationDate: Dayjs | null;
  expirationTime: Dayjs | null;
}

/** The tokens already chosen where the dialog was opened; the form asks for the ones missing. */
export interface MakeOrderDraft {
  makerTokenAddress?: Address;
  takerTokenAddress?: Address;
}

export type MakeOrderField = keyof MakeOrderValues;
export type MakeOrderErrors = Partial<Record<MakeOrderField, string>>;

/** The valid form, in what the order needs: base units and unix seconds. */
export interface MakeOrderInput {
  makerTokenAddress: Address;
  takerTokenAddress: Address;
  makerTokenAmount: bigint;
  takerTokenAmount: bigint;
  expirationUnixTimestampSec: bigint;
}

export type MakeOrderValidation =
  | { ok: true; input: MakeOrderInput; errors: MakeOrderErrors }
  | { ok: false; errors: MakeOrderErrors };

/** SPEC §4: every opening starts from this (token addresses from the draft, expiry defaults). */
export function initialMakeOrderValues(
  draft: MakeOrderDraft | undefined,
  now: Dayjs = dayjs(),
): MakeOrderValues {
  const expiry = defaultExpiry(now);
  return {
    makerTokenAddress: draft?.makerTokenAddress ?? '',
    takerTokenAddress: draft?.takerTokenAddress ?? '',
    entry: 'amounts',
    makerAmount: '',
    takerAmount: '',
    price: '',
    priceQuote: 'taker',
    amountSide: 'maker',
    expirationDate: expiry.date,
    expirationTime: expiry.time,
  };
}

/**
 * SPEC §5: token addresses are required, amounts above 0 in the token's own decimals (both typed, or
 * one and a limit price above 0), and the expiry (date + time) in the future. Returns the messages to show, and the input only when there are none.
 */
export function validateMakeOrder(
  values: MakeOrderValues,
  byAddress: ReadonlyMap<string, TokenRecord>,
  now: Dayjs = dayjs(),
): MakeOrderValidation {
  const errors: MakeOrderErrors = {};
  const token = (field: 'makerTokenAddress' | 'takerTokenAddress') => {
    const address = values[field];
    if (!address) {
      errors[field] = REQUIRED_MESSAGE;
      return undefined;
    }
    const record = byAddress.get(address.toLowerCase());
    if (!record) errors[field] = UNKNOWN_TOKEN_MESSAGE;
    return record;
  };
  const maker = token('makerTokenAddress');
  const taker = token('takerTokenAddress');
  if (maker && taker && maker.address === taker.address) errors.takerTokenAddress = SAME_TOKEN_MESSAGE;

  const amounts = resolveMakeAmounts(values, maker, taker);
  Object.assign(errors, amounts.errors);
  const { makerTokenAmount, takerTokenAmount } = amounts;

  let expirationUnixTimestampSec: bigint | undefined;
  const { expirationDate: date, expirationTime: time } = values;
  if (!date) errors.expirationDate = REQUIRED_MESSAGE;
  else if (!date.isValid()) errors.expirationDate = 'Enter a valid date';
  if (!time) errors.expirationTime = REQUIRED_MESSAGE;
  else if (!time.isValid()) errors.expirationTime = 'Enter a valid time';
  if (date?.isValid() && time?.isValid()) {
    expirationUnixTimestampSec = toExpirationSec(date, time);
    if (expirationUnixTimestampSec <= BigInt(now.unix())) errors.expirationTime = PAST_EXPIRY_MESSAGE;
  }

  if (
    Object.keys(errors).length > 0 ||
    !maker ||
    !taker ||
    makerTokenAmount === undefined ||
    takerTokenAmount === undefined ||
    expirationUnixTimestampSec === undefined
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    errors,
    input: {
      makerTokenAddress: maker.address,
      takerTokenAddress: taker.address,
      makerTokenAmount,
      takerTokenAmount,
      expirationUnixTimestampSec,
    },
  };
}
