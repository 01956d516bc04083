import type { Address } from '@relayer/protocol';
import type { Config } from '../config.js';
import type { Queryable } from '../db/Database.js';

export type Fees = Config['fees'];

/** How long one instance answers from its memory a policy another instance may have changed. */
export const FEE_POLICY_TTL_MS = 1000;

export interface FeePolicy {
  /** The policy as read within the last `ttlMs`, without a promise; undefined when it must be read. */
  peek(): Fees | undefined;
  /** The policy new orders must match: the `fee_policy` row, or the configured one without a row. */
  current(): Promise<Fees>;
  /**
   * Stores a new policy for every instance (in `tx` when given: the admin API's audited transaction);
   * orders already accepted keep the fees they carry.
   */
  set(fees: Fees, tx?: Queryable): Promise<Fees>;
}

export interface FeePolicyOptions {
  db: Queryable;
  /** The configured policy (FEE_RECIPIENT, MAKER_FEE, TAKER_FEE), in force until an operator sets one. */
  defaults: Fees;
  now: () => number;
  ttlMs?: number;
}

interface FeeRow {
  fee_recipient: string;
  maker_fee: string;
  taker_fee: string;
}

/**
 * The fee policy in the database, read again at most once per `ttlMs` by each instance: a change made
 * on one instance is in force on every other one within that time, with no notification to lose.
 */
export function createFeePolicy(options: FeePolicyOptions): FeePolicy {
  const { db, defaults, now } = options;
  const ttlMs = options.ttlMs ?? FEE_POLICY_TTL_MS;
  let known: { fees: Fees; at: number } | undefined;
  let reading: Promise<Fees> | undefined;

  const read = async (): Promise<Fees> => {
    const at = now();
    const rows = await db.query<FeeRow>(
      'SELECT fee_recipient, maker_fee::text AS maker_fee, taker_fee::text AS taker_fee FROM fee_policy',
    );
    const fees = rows[0] ? toFees(rows[0]) : defaults;
    known = { fees, at };
    return fees;
  };

  return {
    peek() {
      return known && now() - known.at < ttlMs ? known.fees : undefined;
    },
    current() {
      const fresh = this.peek();
      if (fresh) return Promise.resolve(fresh);
      reading ??= read().finally(() => {
        reading = undefined;
      });
      return reading;
    },
    async set(fees, tx = db) {
      const rows = await tx.query<FeeRow>(
        `INSERT INTO fee_policy (id, fee_recipient, maker_fee, taker_fee, updated_at)
         VALUES (true, $1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET fee_recipient = EXCLUDED.fee_recipient,
           maker_fee = EXCLUDED.maker_fee, taker_fee = EXCLUDED.taker_fee, updated_at = EXCLUDED.updated_at
         RETURNING fee_recipient, maker_fee::text AS maker_fee, taker_fee::text AS taker_fee`,
        [fees.feeRecipient, fees.makerFee, fees.takerFee, now()],
      );
      const stored = rows[0] ? toFees(rows[0]) : fees;
      known = { fees: stored, at: now() };
      return stored;
    },
  };
}

function toFees(row: FeeRow): Fees {
  return {
    feeRecipient: row.fee_recipient as Address,
    makerFee: row.maker_fee,
    takerFee: row.taker_fee,
  };
}
