/** The fake orders' and trades' tokens and makers: valid addresses, easy to tell apart in a failure. */
export const TOKEN_A: `0x${string}` = `0x${'a'.repeat(40)}`;
export const TOKEN_B: `0x${string}` = `0x${'b'.repeat(40)}`;
export const TOKEN_C: `0x${string}` = `0x${'c'.repeat(40)}`;
export const MAKER_1: `0x${string}` = `0x${'1'.repeat(40)}`;
export const MAKER_2: `0x${string}` = `0x${'2'.repeat(40)}`;
