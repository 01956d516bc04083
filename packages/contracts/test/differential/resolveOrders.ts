import type { Hex } from 'viem';
import { signHash } from '../helpers/orders.js';
import { type ModelOrder, modelOrderHash } from '../model/ModelOrder.js';
import { type Address, NULL_ADDRESS } from '../model/ModelWorld.js';
import type { DifferentialWorld } from './deployDifferentialWorld.js';
import type { OrderSpec } from './scenarioArbitrary.js';

const ZERO_WORD: Hex = `0x${'0'.repeat(64)}`;
const signatures = new Map<string, { v: number; r: Hex; s: Hex }>();

/** Signs (or mis-signs) each order of a scenario; expirations are relative to the world's first block. */
export async function resolveOrders(world: DifferentialWorld, specs: OrderSpec[]): Promise<ModelOrder[]> {
  const party = (index: number): Address =>
    index < 0 ? NULL_ADDRESS : (world.parties[index]?.address as Address);
  const orders: ModelOrder[] = [];
  for (const spec of specs) {
    const unsigned: ModelOrder = {
      maker: party(spec.maker),
      taker: party(spec.taker),
      makerToken: world.tokens[spec.makerToken]?.address as Address,
      takerToken: world.tokens[spec.takerToken]?.address as Address,
      feeRecipient: party(spec.feeRecipient),
      makerTokenAmount: spec.makerTokenAmount,
      takerTokenAmount: spec.takerTokenAmount,
      makerFee: spec.makerFee,
      takerFee: spec.takerFee,
      expirationTimestampInSec:
        'at' in spec.expiration
          ? spec.expiration.at
          : clampTime(world.base.time + BigInt(spec.expiration.offset)),
      salt: spec.salt,
      v: 27,
      r: ZERO_WORD,
      s: ZERO_WORD,
    };
    if (spec.maker < 0) {
      // Nobody can sign for the null address; an unrecoverable signature recovers it.
      orders.push(unsigned);
      continue;
    }
    const signerIndex =
      spec.signature === 'otherSigner' ? (spec.maker + 1) % world.parties.length : spec.maker;
    const signed = spec.signature === 'tampered' ? { ...unsigned, salt: unsigned.salt + 1n } : unsigned;
    const sig = await sign(world, signerIndex, modelOrderHash(world.exchange, signed));
    orders.push({
      ...unsigned,
      v: spec.signature === 'badV' ? sig.v + 2 : sig.v,
      r: sig.r,
      s: spec.signature === 'badS' ? ZERO_WORD : sig.s,
    });
  }
  return orders;
}

function clampTime(value: bigint): bigint {
  return value < 0n ? 0n : value;
}

async function sign(world: DifferentialWorld, signerIndex: number, hash: Hex) {
  const key = `${signerIndex}:${hash}`;
  let sig = signatures.get(key);
  if (!sig) {
    const account = world.parties[signerIndex]?.account;
    if (!account) throw new Error(`no party ${signerIndex}`);
    sig = await signHash(account, hash);
    signatures.set(key, sig);
  }
  return sig;
}
