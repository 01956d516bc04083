/**
 * The public 0x test mnemonic (PROTOCOL.md §8.4). Account 0 is 0x5409ed021d9299bf6814279a6a1411a7e866a631.
 * Well-known test keys: never use them with real funds.
 */
export const TEST_MNEMONIC = 'concert load couple harbor equip island argue ramp clarify fence smart topic';
