import type { Address } from '../schemas/addressSchema';
import type { Hex } from '../schemas/bytes32Schema';
import type { ECSignature } from '../schemas/ecSignatureSchema';
import type { Order } from '../schemas/orderSchema';
import type { SignedOrder } from '../schemas/signedOrderSchema';

const ZERO: Address = '0x0000000000000000000000000000000000000000';

/**
 * Every test vector of PROTOCOL.md as data, so protocol tests check them off chain and the contracts
 * tests check the same values on chain. Section numbers refer to PROTOCOL.md.
 */
export const vectors = {
  /** Dev account 0 (DEV_ACCOUNTS[0]); a published test key: never use it with real funds. */
  signer: {
    address: '0x5409ed021d9299bf6814279a6a1411a7e866a631' as Address,
    privateKey: '0xf2f48ee19680706196e2e339e5da3491186e0c4c5030670656b0e0164837257d' as Hex,
  },

  /** §2.1: 0x.js's own `getOrderHashHex` test, all-zero order on the old snapshot exchange. */
  officialOrderHash: {
    order: {
      exchangeContractAddress: '0xb69e673309512a9d726f87304c6984054f87a93b',
      maker: ZERO,
      taker: ZERO,
      makerTokenAddress: ZERO,
      takerTokenAddress: ZERO,
      feeRecipient: ZERO,
      makerTokenAmount: '0',
      takerTokenAmount: '0',
      makerFee: '0',
      takerFee: '0',
      expirationUnixTimestampSec: '0',
      salt: '0',
    } satisfies Order,
    orderHash: '0x39da987067a3c9e5f1617694f1301326ba8c8b0498ebef5df4863bed394e3c83' as Hex,
  },

  /** §2.2 vector A: network-50 contracts, open order, no fees, signed by account 0. */
  orderA: {
    signedOrder: {
      exchangeContractAddress: '0x48bacb9266a570d521063ef5dd96e61686dbe788',
      maker: '0x5409ed021d9299bf6814279a6a1411a7e866a631',
      taker: ZERO,
      makerTokenAddress: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
      takerTokenAddress: '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
      feeRecipient: ZERO,
      makerTokenAmount: '1000000000000000000',
      takerTokenAmount: '200000000000000000',
      makerFee: '0',
      takerFee: '0',
      expirationUnixTimestampSec: '1600000000',
      salt: '12345',
      ecSignature: {
        v: 27,
        r: '0x568374339f8d2bb0c824f409b83e222f2deb5807410271791a39c587704bf9aa',
        s: '0x4b2a9dc990bd07d045a5f634e2a52d1ed3d1b1519bd416f7b886f77e3588fbb3',
      },
    } satisfies SignedOrder,
    orderHash: '0xcb2462231b58e26969b6b26e7dd05a66a08f90e5c966f0b99ed60b8564fa51ba' as Hex,
    /** The 312-byte packed pre-image. */
    preimage: `0x${[
      '48bacb9266a570d521063ef5dd96e61686dbe788',
      '5409ed021d9299bf6814279a6a1411a7e866a631',
      '0000000000000000000000000000000000000000',
      '1d7022f5b17d2f8b695918fb48fa1089c9f85401',
      '871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
      '0000000000000000000000000000000000000000',
      '0000000000000000000000000000000000000000000000000de0b6b3a7640000',
      '00000000000000000000000000000000000000000000000002c68af0bb140000',
      '0000000000000000000000000000000000000000000000000000000000000000',
      '0000000000000000000000000000000000000000000000000000000000000000',
      '000000000000000000000000000000000000000000000000000000005f5e1000',
      '0000000000000000000000000000000000000000000000000000000000003039',
    ].join('')}` as Hex,
    /** §4.2: `fillOrder` calldata filling A for 0.1 WETH with shouldThrow = false. */
    fillOrder: {
      fillTakerTokenAmount: 100000000000000000n,
      shouldThrowOnInsufficientBalanceOrAllowance: false,
      filledMakerTokenAmount: 500000000000000000n,
      calldata: `0x${[
        'bc61394a',
        '0000000000000000000000005409ed021d9299bf6814279a6a1411a7e866a631',
        '0000000000000000000000000000000000000000000000000000000000000000',
        '0000000000000000000000001d7022f5b17d2f8b695918fb48fa1089c9f85401',
        '000000000000000000000000871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
        '0000000000000000000000000000000000000000000000000000000000000000',
        '0000000000000000000000000000000000000000000000000de0b6b3a7640000',
        '00000000000000000000000000000000000000000000000002c68af0bb140000',
        '0000000000000000000000000000000000000000000000000000000000000000',
        '0000000000000000000000000000000000000000000000000000000000000000',
        '000000000000000000000000000000000000000000000000000000005f5e1000',
        '0000000000000000000000000000000000000000000000000000000000003039',
        '000000000000000000000000000000000000000000000000016345785d8a0000',
        '0000000000000000000000000000000000000000000000000000000000000000',
        '000000000000000000000000000000000000000000000000000000000000001b',
        '568374339f8d2bb0c824f409b83e222f2deb5807410271791a39c587704bf9aa',
        '4b2a9dc990bd07d045a5f634e2a52d1ed3d1b1519bd416f7b886f77e3588fbb3',
      ].join('')}` as Hex,
    },
  },

  /** §2.2 vector B: mainnet addresses, taker set, fees set, large salt, v = 28. */
  orderB: {
    signedOrder: {
      exchangeContractAddress: '0x12459c951127e0c374ff9105dda097662a027093',
      maker: '0x5409ed021d9299bf6814279a6a1411a7e866a631',
      taker: '0x6ecbe1db9ef729cbe972c83fb886247691fb6beb',
      makerTokenAddress: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
      takerTokenAddress: '0xe41d2489571d322189246dafa5ebde1f4699f498',
      feeRecipient: '0xe36ea790bc9d7ab70c55260c66d52b1eca985f84',
      makerTokenAmount: '500000000000000000',
      takerTokenAmount: '1000000000000000000000',
      makerFee: '1000000000000000000',
      takerFee: '2000000000000000000',
      expirationUnixTimestampSec: '4102444800',
      salt: '67006738228878699843088602623665307406148487219438534730168799356281242528500',
      ecSignature: {
        v: 28,
        r: '0x52f2b9405e398b4a2f7bf4c9348b4ec68def951d0b47b459c95a3d1b14cf73ec',
        s: '0x5fe16f16a949dd1e5bb133c4e00a18e6a8559ad9daac9bca3395ba401947119d',
      },
    } satisfies SignedOrder,
    orderHash: '0x06c8a3df0dfcde35ad06f08e4b76617d2ff41924332c4f16de30d9e2137e2e3f' as Hex,
    /** §4.4 worked partial fill: 250 ZRX of B's 1000; the taker needs 250.5 ZRX (trade + fee). */
    partialFill: {
      fillTakerTokenAmount: 250000000000000000000n,
      filledMakerTokenAmount: 125000000000000000n,
      paidMakerFee: 250000000000000000n,
      paidTakerFee: 500000000000000000n,
      takerZrxRequired: 250500000000000000000n,
    },
  },

  /** §3.5: 0x.js's `isValidSignature` test; v = 28 with the same r and s must be invalid. */
  officialSignature: {
    data: '0x6927e990021d23b1eb7b8789f6a6feaf98fe104bb0cf8259421b79f9a34222b0' as Hex,
    signer: '0x5409ed021d9299bf6814279a6a1411a7e866a631' as Address,
    ecSignature: {
      v: 27,
      r: '0x61a3ed31b43c8780e905a260a35faefcc527be7516aa11c0256729b5b351bc33',
      s: '0x40349190569279751135161d22529dc25add4f6069af05be04cacbda2ace2254',
    } satisfies ECSignature,
    prefixedDigest: '0x62d62abb34d387eabcf1cc9229c4d4cf290dc113602470fdad9e6f72c6ba8a79' as Hex,
  },

  /** §3.4: byte-order parsing of `eth_sign` results (validity was stubbed in 0x.js's tests). */
  signatureParsing: [
    {
      layout: 'rsv',
      signature:
        '0x22109d11d79cb8bf96ed88625e1cd9558800c4073332a9a02857499883ee5ce3050aa3cc1f2c435e67e114cdce54b9527b4f50548342401bc5d2b77adbdacb021b',
      ecSignature: {
        v: 27,
        r: '0x22109d11d79cb8bf96ed88625e1cd9558800c4073332a9a02857499883ee5ce3',
        s: '0x050aa3cc1f2c435e67e114cdce54b9527b4f50548342401bc5d2b77adbdacb02',
      },
    },
    {
      layout: 'vrs',
      signature:
        '0x1bc80bedc6756722672753413efdd749b5adbd4fd552595f59c13427407ee9aee02dea66f25a608bbae457e020fb6decb763deb8b7192abab624997242da248960',
      ecSignature: {
        v: 27,
        r: '0xc80bedc6756722672753413efdd749b5adbd4fd552595f59c13427407ee9aee0',
        s: '0x2dea66f25a608bbae457e020fb6decb763deb8b7192abab624997242da248960',
      },
    },
  ] as const satisfies readonly { layout: 'rsv' | 'vrs'; signature: Hex; ecSignature: ECSignature }[],

  /** §4.3: the contract tests' rounding table. */
  rounding: [
    { numerator: 20n, denominator: 999n, target: 50n, isRoundingError: false, partialAmount: 1n },
    { numerator: 20n, denominator: 9991n, target: 500n, isRoundingError: false, partialAmount: 1n },
    { numerator: 20n, denominator: 9989n, target: 500n, isRoundingError: true, partialAmount: 1n },
    { numerator: 3n, denominator: 7n, target: 10n, isRoundingError: true, partialAmount: 4n },
    { numerator: 1n, denominator: 2n, target: 10n, isRoundingError: false, partialAmount: 5n },
    {
      numerator: 76564n,
      denominator: 676373677n,
      target: 105762562n,
      isRoundingError: false,
      partialAmount: 11972n,
    },
  ],

  /** §4.3 "should create an unfillable order": 1001 for 3; filling 2 works, the last 1 never can. */
  unfillableOrder: {
    makerTokenAmount: 1001n,
    takerTokenAmount: 3n,
    firstFill: { fillTakerTokenAmount: 2n, filledTakerTokenAmount: 2n, filledMakerTokenAmount: 667n },
    secondFill: { fillTakerTokenAmount: 1n, logErrorId: 2 },
  },

  /** §5.1: LogFill's indexed `tokens` = keccak256(makerToken ‖ takerToken). */
  logFillTokens: [
    {
      makerToken: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2' as Address,
      takerToken: '0xe41d2489571d322189246dafa5ebde1f4699f498' as Address,
      tokens: '0xfcb31d7ea9cf5730c0ebbe15193c2c34c7f24f6d54b59a1ed3f7294d422bcbff' as Hex,
    },
    {
      makerToken: '0xe41d2489571d322189246dafa5ebde1f4699f498' as Address,
      takerToken: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2' as Address,
      tokens: '0xecf2e2e1a2084acf17e8309bc865d7ae46b03a870e478e6652c02756fea31854' as Hex,
    },
    {
      makerToken: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401' as Address,
      takerToken: '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c' as Address,
      tokens: '0xf507902b829423e84fb47fc8c09a27ea663b805c8dde24d8ac6478b1808450d8' as Hex,
    },
  ],
} as const;
