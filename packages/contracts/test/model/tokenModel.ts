import { type Address, MAX_UINT256, type ModelWorld, NULL_ADDRESS, Revert } from './ModelWorld.js';
import { QUIRK } from './TokenSpec.js';

/*
 * How each test token answers the calls the Exchange, the proxy and the funding operations make. The
 * Exchange-side rules (PROTOCOL.md §4.5, §4.9, §7.1) are v1's 0.4 high-level calls: a callee without
 * code throws, a failed call throws, fewer than 32 returned bytes throw, the first word is the answer.
 */

/** v1's `Token(token).balanceOf.gas(4999)(holder)`: a plain CALL with 4,999 gas. */
export function probeBalance(world: ModelWorld, token: Address, holder: Address): bigint {
  probeSideEffects(world, token, holder);
  return answer(world, token, () => world.balance(token, holder));
}

/** v1's `Token(token).allowance.gas(4999)(holder, spender)`. */
export function probeAllowance(world: ModelWorld, token: Address, holder: Address, spender: Address): bigint {
  probeSideEffects(world, token, holder);
  return answer(world, token, () => world.allowance(token, holder, spender));
}

function probeSideEffects(world: ModelWorld, token: Address, holder: Address): void {
  const spec = world.token(token);
  switch (spec.kind) {
    case 'codeless':
      throw new Revert(`${spec.name} has no code`);
    case 'malicious':
      // It writes a fresh value to a slot: more than 4,999 gas.
      throw new Revert(`${spec.name}'s probe runs out of gas`);
    case 'quirky':
      switch (spec.mode) {
        case QUIRK.PROBE_SHORT_RETURN:
        case QUIRK.PROBE_REVERTS:
        case QUIRK.PROBE_BURNS_GAS:
          throw new Revert(`${spec.name}'s probe fails`);
        case QUIRK.PROBE_EMITS_EVENT:
          world.emit(token, 'Probed', { holder });
          break;
        // PROBE_REWRITES_SLOT writes a slot with its own value: allowed in a CALL, nothing changes.
      }
      break;
  }
}

function answer(world: ModelWorld, token: Address, stored: () => bigint): bigint {
  return world.token(token).kind === 'falseReturning' ? MAX_UINT256 : stored();
}

/** `value` of `token` moved from `from` to `to`. */
export interface TokenMove {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

/** A transferFrom as the proxy sends it: `spender` (the proxy) makes the move. */
type TransferFromCall = TokenMove & { spender: Address };

/**
 * TokenTransferProxy.transferFrom(token, from, to, value) (PROTOCOL.md §7.1): the token's
 * transferFrom called by the proxy, its boolean returned. Throws Revert where the proxy call reverts.
 */
export function proxyTransferFrom(world: ModelWorld, move: TokenMove): boolean {
  const spec = world.token(move.token);
  const call: TransferFromCall = { ...move, spender: world.proxy };
  switch (spec.kind) {
    case 'codeless':
      throw new Revert(`${spec.name} has no code`);
    case 'falseReturning':
      return false;
    case 'weth':
      return wethTransferFrom(world, call);
    case 'malicious':
      return checkedTransferFrom(world, call);
    case 'quirky': {
      if (spec.mode === QUIRK.TRANSFER_REVERTS) throw new Revert(`${spec.name}.transferFrom reverts`);
      const result = v1TransferFrom(world, call);
      if (spec.mode === QUIRK.TRANSFER_RETURNS_NOTHING)
        throw new Revert(`${spec.name}.transferFrom returns nothing`);
      return result;
    }
    default:
      return v1TransferFrom(world, call);
  }
}

/** v1's UnlimitedAllowanceToken.transferFrom (ZRX, DummyToken, StandardToken, QuirkyToken). */
function v1TransferFrom(world: ModelWorld, { token, from, to, value, spender }: TransferFromCall): boolean {
  const allowance = world.allowance(token, from, spender);
  if (allowance < value || !v1Transfer(world, { token, from, to, value })) return false;
  if (allowance !== MAX_UINT256) world.setAllowance(token, from, spender, allowance - value);
  return true;
}

/** WETH9.transferFrom: reverts on a shortfall; keeps an allowance of 2^256-1 (and the owner's own). */
function wethTransferFrom(world: ModelWorld, { token, from, to, value, spender }: TransferFromCall): boolean {
  const fromBalance = world.balance(token, from);
  if (fromBalance < value) throw new Revert('WETH9: insufficient balance');
  if (from !== spender) {
    const allowance = world.allowance(token, from, spender);
    if (allowance !== MAX_UINT256) {
      if (allowance < value) throw new Revert('WETH9: insufficient allowance');
      world.setAllowance(token, from, spender, allowance - value);
    }
  }
  world.setBalance(token, from, fromBalance - value);
  world.setBalance(token, to, world.balance(token, to) + value);
  world.emit(token, 'Transfer', { from, to, value });
  return true;
}

/** MaliciousToken.transferFrom: 0.8 checked arithmetic, the allowance always decremented. */
function checkedTransferFrom(
  world: ModelWorld,
  { token, from, to, value, spender }: TransferFromCall,
): boolean {
  const allowance = world.allowance(token, from, spender);
  if (allowance < value) throw new Revert('MaliciousToken: allowance underflow');
  world.setAllowance(token, from, spender, allowance - value);
  return checkedTransfer(world, { token, from, to, value });
}

/**
 * v1's UnlimitedAllowanceToken/StandardToken balance move: false, and nothing changes, on a shortfall or
 * an overflow; a transfer to oneself changes no balance but still logs.
 */
function v1Transfer(world: ModelWorld, { token, from, to, value }: TokenMove): boolean {
  const fromBalance = world.balance(token, from);
  const toBalance = world.balance(token, to);
  if (fromBalance < value || toBalance + value > MAX_UINT256) return false;
  if (from !== to) {
    world.setBalance(token, from, fromBalance - value);
    world.setBalance(token, to, toBalance + value);
  }
  world.emit(token, 'Transfer', { from, to, value });
  return true;
}

/** MaliciousToken's balance move: 0.8 checked arithmetic (reverts on a shortfall or an overflow). */
function checkedTransfer(world: ModelWorld, move: TokenMove): boolean {
  moveChecked(world, move);
  world.emit(move.token, 'Transfer', { from: move.from, to: move.to, value: move.value });
  return true;
}

function moveChecked(world: ModelWorld, { token, from, to, value }: TokenMove): void {
  const fromBalance = world.balance(token, from);
  if (fromBalance < value) throw new Revert('balance underflow');
  world.setBalance(token, from, fromBalance - value);
  const toBalance = world.balance(token, to);
  if (toBalance + value > MAX_UINT256) throw new Revert('balance overflow');
  world.setBalance(token, to, toBalance + value);
}

/*
 * Funding operations (not Exchange calls): what the deployer or a holder does to balances and
 * allowances between trades.
 */

/** The owner's setBalance: DummyToken logs the change as a mint or burn; all but QuirkyToken keep a supply. */
export function setBalance(world: ModelWorld, token: Address, holder: Address, value: bigint): void {
  const spec = world.token(token);
  const current = world.balance(token, holder);
  if (spec.kind === 'quirky') {
    world.setBalance(token, holder, value);
    return;
  }
  if (spec.kind === 'dummy' && value === current) return;
  const supply = world.supplies.get(token) ?? 0n;
  const next = supply + value - current;
  if (next > MAX_UINT256) throw new Revert('supply overflow');
  world.supplies.set(token, next);
  world.setBalance(token, holder, value);
  if (spec.kind === 'dummy') {
    if (value > current)
      world.emit(token, 'Transfer', { from: NULL_ADDRESS, to: holder, value: value - current });
    else world.emit(token, 'Transfer', { from: holder, to: NULL_ADDRESS, value: current - value });
  }
}

/** `approve(spender, value)` sent by `holder`. */
export function approve(
  world: ModelWorld,
  token: Address,
  holder: Address,
  spender: Address,
  value: bigint,
): void {
  world.setAllowance(token, holder, spender, value);
  world.emit(token, 'Approval', { owner: holder, spender, value });
}

/** `transfer(to, value)` sent by `from`: v1 semantics for ZRX (false, no event, on a shortfall), checked for MaliciousToken. */
export function transfer(world: ModelWorld, move: TokenMove): boolean {
  return world.token(move.token).kind === 'malicious'
    ? checkedTransfer(world, move)
    : v1Transfer(world, move);
}

/** WETH9 deposit of `value` wei by `holder`. */
export function deposit(world: ModelWorld, token: Address, holder: Address, value: bigint): void {
  world.setBalance(token, holder, world.balance(token, holder) + value);
  world.emit(token, 'Deposit', { owner: holder, value });
}

/** WETH9 withdraw of `value` by `holder`. */
export function withdraw(world: ModelWorld, token: Address, holder: Address, value: bigint): void {
  const balance = world.balance(token, holder);
  if (balance < value) throw new Revert('WETH9: insufficient balance');
  world.setBalance(token, holder, balance - value);
  world.emit(token, 'Withdrawal', { owner: holder, value });
}
