import { secp256k1 } from '@noble/curves/secp256k1';
import { hmac } from '@noble/hashes/hmac';
import { pbkdf2 } from '@noble/hashes/pbkdf2';
import { keccak_256 } from '@noble/hashes/sha3';
import { sha512 } from '@noble/hashes/sha512';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { describe, expect, test } from 'vitest';
import { vectors } from '../vectors/vectors';
import { DEV_ACCOUNTS, DEV_MNEMONIC } from './devAccounts';

const HARDENED = 0x80000000;

/** BIP39 seed + BIP32 private derivation along m/44'/60'/0'/0/index (test-only, no external wallet code). */
function devPrivateKey(mnemonic: string, index: number): Uint8Array {
  const seed = pbkdf2(sha512, mnemonic.normalize('NFKD'), 'mnemonic', { c: 2048, dkLen: 64 });
  let node = hmac(sha512, 'Bitcoin seed', seed);
  for (const step of [44 + HARDENED, 60 + HARDENED, HARDENED, 0, index]) {
    const key = node.slice(0, 32);
    const data = new Uint8Array(37);
    if (step >= HARDENED) data.set(key, 1);
    else data.set(secp256k1.getPublicKey(key, true));
    new DataView(data.buffer).setUint32(33, step);
    const next = hmac(sha512, node.slice(32), data);
    const child =
      (BigInt(`0x${bytesToHex(next.slice(0, 32))}`) + BigInt(`0x${bytesToHex(key)}`)) % secp256k1.CURVE.n;
    node = new Uint8Array(64);
    node.set(hexToBytes(child.toString(16).padStart(64, '0')));
    node.set(next.slice(32), 32);
  }
  return node.slice(0, 32);
}

function address(privateKey: Uint8Array): string {
  return `0x${bytesToHex(keccak_256(secp256k1.getPublicKey(privateKey, false).subarray(1)).subarray(12))}`;
}

describe('DEV_MNEMONIC and DEV_ACCOUNTS', () => {
  test('account 0’s key is the vectors’ signer key', () => {
    expect(`0x${bytesToHex(devPrivateKey(DEV_MNEMONIC, 0))}`).toBe(vectors.signer.privateKey);
  });

  test('the ten accounts derive from the mnemonic in order', () => {
    expect(DEV_ACCOUNTS.map((_, index) => address(devPrivateKey(DEV_MNEMONIC, index)))).toEqual([
      ...DEV_ACCOUNTS,
    ]);
  });
});
