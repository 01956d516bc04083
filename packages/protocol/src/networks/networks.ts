import type { Address } from '../schemas/addressSchema';

/** A network the 0x v1 contracts were deployed to, with the five system addresses (lower case). */
export interface Network {
  id: NetworkId;
  name: string;
  exchange: Address;
  tokenTransferProxy: Address;
  zrx: Address;
  weth: Address;
  tokenRegistry: Address;
}

export type NetworkId = 1 | 3 | 42 | 50;

/**
 * The final v1 artifact addresses (PROTOCOL.md §8.1). Network 50 is 0x's ganache snapshot; the devchain
 * reproduces it by deploying from dev account 0 in 0x's migration order. Which network a deployment
 * serves (e.g. a Kovan site) is configuration, not code.
 */
export const networks = {
  1: {
    id: 1,
    name: 'Mainnet',
    exchange: '0x12459c951127e0c374ff9105dda097662a027093',
    tokenTransferProxy: '0x8da0d80f5007ef1e431dd2127178d224e32c2ef4',
    zrx: '0xe41d2489571d322189246dafa5ebde1f4699f498',
    weth: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    tokenRegistry: '0x926a74c5c36adf004c87399e65f75628b0f98d2c',
  },
  3: {
    id: 3,
    name: 'Ropsten',
    exchange: '0x479cc461fecd078f766ecc58533d6f69580cf3ac',
    tokenTransferProxy: '0x4e9aad8184de8833365fea970cd9149372fdf1e6',
    zrx: '0xa8e9fa8f91e5ae138c74648c9c304f1c75003a8d',
    weth: '0xc00fd9820cd2898cc4c054b7bf142de637ad129a',
    tokenRegistry: '0x6b1a50f0bb5a7995444bd3877b22dc89c62843ed',
  },
  42: {
    id: 42,
    name: 'Kovan',
    exchange: '0x90fe2af704b34e0224bf2299c838e04d4dcf1364',
    tokenTransferProxy: '0x087eed4bc1ee3de49befbd66c662b434b15d49d4',
    zrx: '0x6ff6c0ff1d68b964901f986d4c9fa3ac68346570',
    weth: '0x653e49e301e508a13237c0ddc98ae7d4cd2667a1',
    tokenRegistry: '0xf18e504561f4347bea557f3d4558f559dddbae7f',
  },
  50: {
    id: 50,
    name: 'Local',
    exchange: '0x48bacb9266a570d521063ef5dd96e61686dbe788',
    tokenTransferProxy: '0x1dc4c1cefef38a777b15aa20260a54e584b16c48',
    zrx: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
    weth: '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
    tokenRegistry: '0x0b1ba0af832d7c05fd64161e0db78e85978e8082',
  },
} as const satisfies Record<NetworkId, Network>;
