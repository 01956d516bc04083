import { BaseError, UserRejectedRequestError } from 'viem';
import { ApiError } from '../../api/ApiError';
import { describeError } from '../../errors/userMessages';

/** SPEC §8's wording for a failed fill or submission; the details go to the console ("check log"). */
export const ORDER_FAILED = 'Order failed, check log for details';

export function isWalletRejection(err: unknown): boolean {
  if (err instanceof BaseError && err.walk((e) => e instanceof UserRejectedRequestError)) return true;
  return (err as { code?: unknown } | null)?.code === 4001;
}

/**
 * The notification text for a failed order action: a wallet rejection in its own words, anything else
 * prefixed with SPEC's message, explained, and with the relayer's own reason when it gave one.
 */
export function failureText(err: unknown, prefix = ORDER_FAILED): string {
  const explained = describeError(err);
  if (isWalletRejection(err)) return explained;
  const reason =
    err instanceof ApiError && err.reason && !explained.includes(err.reason) ? ` (${err.reason})` : '';
  return `${prefix}: ${explained}${reason}`;
}
