/** Selectors and topic0s of the generated ABIs equal PROTOCOL.md's tables (§4.2, §5, §7). */
import { type Abi, type AbiEvent, type AbiFunction, toEventSelector, toFunctionSelector } from 'viem';
import { describe, expect, test } from 'vitest';
import {
  dummyTokenArtifact,
  exchangeArtifact,
  tokenRegistryArtifact,
  tokenTransferProxyArtifact,
  weth9Artifact,
  zrxTokenArtifact,
} from '../src/index.js';

const functions = (abi: Abi) => abi.filter((item): item is AbiFunction => item.type === 'function');
const selectors = (abi: Abi) =>
  Object.fromEntries(functions(abi).map((f) => [f.name, toFunctionSelector(f)]));
const topics = (abi: Abi) =>
  Object.fromEntries(
    abi.filter((i): i is AbiEvent => i.type === 'event').map((e) => [e.name, toEventSelector(e)]),
  );

describe('Exchange', () => {
  test('exactly v1’s functions, with v1’s selectors (§4.2)', () => {
    expect(selectors(exchangeArtifact.abi)).toEqual({
      fillOrder: '0xbc61394a',
      fillOrKillOrder: '0x741bcc93',
      batchFillOrders: '0xb7b2c7d6',
      batchFillOrKillOrders: '0x4f150787',
      fillOrdersUpTo: '0x363349be',
      cancelOrder: '0x394c21e7',
      batchCancelOrders: '0xbaa0181d',
      getOrderHash: '0xcfc4d0ec',
      isValidSignature: '0x8163681e',
      isRoundingError: '0x14df96ee',
      getPartialAmount: '0x98024a8b',
      getUnavailableTakerTokenAmount: '0x7e9abb50',
      filled: '0x288cdc91',
      cancelled: '0x2ac12622',
      ZRX_TOKEN_CONTRACT: '0x3b30ba59',
      TOKEN_TRANSFER_PROXY_CONTRACT: '0xadd1cbc5',
      VERSION: '0xffa1ad74',
      EXTERNAL_QUERY_GAS_LIMIT: '0xf06bbf75',
    });
  });

  test('events with v1’s topic0s (§5.1-5.3)', () => {
    expect(topics(exchangeArtifact.abi)).toEqual({
      LogFill: '0x0d0b9391970d9a25552f37d436d2aae2925e2bfe1b2a923754bada030c498cb3',
      LogCancel: '0x67d66f160bc93d925d05dae1794c90d2d6d6688b29b84ff069398a9b04587131',
      LogError: '0x36d86c59e00bd73dc19ba3adfe068e4b64ac7e92be35546adeddf1b956a87e90',
    });
  });

  test('indexed event parameters as in v1', () => {
    const indexed = (name: string) =>
      exchangeArtifact.abi
        .find((i) => i.type === 'event' && i.name === name)
        ?.inputs.filter((p) => 'indexed' in p && p.indexed)
        .map((p) => p.name);
    expect(indexed('LogFill')).toEqual(['maker', 'feeRecipient', 'tokens']);
    expect(indexed('LogCancel')).toEqual(['maker', 'feeRecipient', 'tokens']);
    expect(indexed('LogError')).toEqual(['errorId', 'orderHash']);
  });

  test('nothing is payable, there is no fallback or receive, and constants are views', () => {
    const abi = exchangeArtifact.abi as Abi;
    expect(abi.some((i) => i.type === 'fallback' || i.type === 'receive')).toBe(false);
    expect(functions(abi).filter((f) => f.stateMutability === 'payable')).toEqual([]);
    const constant = functions(abi)
      .filter((f) => f.stateMutability === 'view' || f.stateMutability === 'pure')
      .map((f) => f.name)
      .sort();
    expect(constant).toEqual(
      [
        'EXTERNAL_QUERY_GAS_LIMIT',
        'TOKEN_TRANSFER_PROXY_CONTRACT',
        'VERSION',
        'ZRX_TOKEN_CONTRACT',
        'cancelled',
        'filled',
        'getOrderHash',
        'getPartialAmount',
        'getUnavailableTakerTokenAmount',
        'isRoundingError',
        'isValidSignature',
      ].sort(),
    );
  });

  test('return types as in v1', () => {
    const outputs = Object.fromEntries(
      functions(exchangeArtifact.abi).map((f) => [f.name, f.outputs.map((o) => o.type)]),
    );
    expect(outputs).toMatchObject({
      fillOrder: ['uint256'],
      fillOrKillOrder: [],
      batchFillOrders: [],
      batchFillOrKillOrders: [],
      fillOrdersUpTo: ['uint256'],
      cancelOrder: ['uint256'],
      batchCancelOrders: [],
      getOrderHash: ['bytes32'],
      isValidSignature: ['bool'],
      VERSION: ['string'],
      EXTERNAL_QUERY_GAS_LIMIT: ['uint16'],
      ZRX_TOKEN_CONTRACT: ['address'],
    });
  });
});

describe('supporting contracts (§7)', () => {
  test('TokenTransferProxy selectors and events', () => {
    expect(selectors(tokenTransferProxyArtifact.abi)).toEqual({
      owner: '0x8da5cb5b',
      transferOwnership: '0xf2fde38b',
      authorized: '0xb9181611',
      authorities: '0x494503d4',
      addAuthorizedAddress: '0x42f1181e',
      removeAuthorizedAddress: '0x70712939',
      transferFrom: '0x15dacbea',
      getAuthorizedAddresses: '0xd39de6e9',
    });
    expect(topics(tokenTransferProxyArtifact.abi)).toEqual({
      LogAuthorizedAddressAdded: '0x94bb87f4c15c4587ff559a7584006fa01ddf9299359be6b512b94527aa961aca',
      LogAuthorizedAddressRemoved: '0xf5b347a1e40749dd050f5f07fbdbeb7e3efa9756903044dd29401fd1d4bb4a1c',
    });
  });

  test('TokenRegistry selectors and events', () => {
    expect(selectors(tokenRegistryArtifact.abi)).toMatchObject({
      addToken: '0xa880319d',
      removeToken: '0x13baf1e6',
      setTokenName: '0xc370c86d',
      setTokenSymbol: '0xf036417f',
      setTokenIpfsHash: '0xeef05f65',
      setTokenSwarmHash: '0x56318820',
      getTokenAddressBySymbol: '0x3550b6d9',
      getTokenAddressByName: '0x2fbfeba9',
      getTokenMetaData: '0x7abccac9',
      getTokenByName: '0xe73fc0c3',
      getTokenBySymbol: '0xefa74f1f',
      getTokenAddresses: '0xee8c24b8',
      tokens: '0xe4860339',
      tokenAddresses: '0xe5df8b84',
      owner: '0x8da5cb5b',
      transferOwnership: '0xf2fde38b',
    });
    expect(Object.keys(selectors(tokenRegistryArtifact.abi))).toHaveLength(16);
    expect(topics(tokenRegistryArtifact.abi)).toEqual({
      LogAddToken: '0xd8d928b0b50ca11d9dc273236b46f3526515b03602f71f3a6af4f45bd9fa9144',
      LogRemoveToken: '0x32c54f1e2ea75844ded7517e7dbcd3895da7cd0c28f9ab9f9cf6ecf5f83762c6',
      LogTokenNameChange: '0x4a6dbfc867b179991dec22ff19960f0a94d8d9d891fc556f547764670340e8ae',
      LogTokenSymbolChange: '0x53d878a6530e56c9bc96548fa0a8cae4f1d1f49c86b0e934c086b992ebb6998f',
      LogTokenIpfsHashChange: '0x5b19f79ac4e8cfa820815502e11615f1a449e28155dc289ec5cac1a11f908694',
      LogTokenSwarmHashChange: '0xc3168fdc13112e44a031057dbf6c609b33353addb4d8037d24543e22cbfe2acd',
    });
  });

  test('tokens use the ERC20 and WETH9 topics', () => {
    const erc20 = {
      Transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
      Approval: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
    };
    expect(topics(zrxTokenArtifact.abi)).toEqual(erc20);
    expect(topics(dummyTokenArtifact.abi)).toEqual(erc20);
    expect(topics(weth9Artifact.abi)).toEqual({
      ...erc20,
      Deposit: '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c',
      Withdrawal: '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65',
    });
  });

  test('tokens expose the ERC20 functions', () => {
    const erc20 = [
      'allowance',
      'approve',
      'balanceOf',
      'decimals',
      'name',
      'symbol',
      'totalSupply',
      'transfer',
      'transferFrom',
    ];
    for (const artifact of [zrxTokenArtifact, dummyTokenArtifact, weth9Artifact]) {
      expect(Object.keys(selectors(artifact.abi))).toEqual(expect.arrayContaining(erc20));
    }
    expect(Object.keys(selectors(weth9Artifact.abi)).sort()).toEqual(
      [...erc20, 'deposit', 'withdraw'].sort(),
    );
    expect(Object.keys(selectors(dummyTokenArtifact.abi)).sort()).toEqual(
      [...erc20, 'mint', 'setBalance', 'owner', 'transferOwnership'].sort(),
    );
  });

  test('every artifact carries creation and runtime bytecode', () => {
    for (const artifact of [
      exchangeArtifact,
      tokenTransferProxyArtifact,
      tokenRegistryArtifact,
      weth9Artifact,
      zrxTokenArtifact,
      dummyTokenArtifact,
    ]) {
      expect(artifact.bytecode).toMatch(/^0x[0-9a-f]{200,}$/);
      expect(artifact.deployedBytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    }
  });
});
