import type { Address } from '../schemas/addressSchema';

/**
 * 0x's public test mnemonic (PROTOCOL.md §8.4). Its keys are published: use them only on local dev
 * chains and in tests, never with real funds.
 */
export const DEV_MNEMONIC = 'concert load couple harbor equip island argue ramp clarify fence smart topic';

/** Accounts 0-9 of `DEV_MNEMONIC` (BIP44 m/44'/60'/0'/0/i); public test keys, test fixtures only. */
export const DEV_ACCOUNTS = [
  '0x5409ed021d9299bf6814279a6a1411a7e866a631',
  '0x6ecbe1db9ef729cbe972c83fb886247691fb6beb',
  '0xe36ea790bc9d7ab70c55260c66d52b1eca985f84',
  '0xe834ec434daba538cd1b9fe1582052b880bd7e63',
  '0x78dc5d2d739606d31509c31d654056a45185ecb6',
  '0xa8dda8d7f5310e4a9e24f8eba77e091ac264f872',
  '0x06cef8e666768cc40cc78cf93d9611019ddcb628',
  '0x4404ac8bd8f9618d27ad2f1485aa1b2cfd82482d',
  '0x7457d5e02197480db681d3fdf256c7aca21bdc12',
  '0x91c987bf62d25945db517bdaa840a6c661374402',
] as const satisfies readonly Address[];
