import type { Page } from '@playwright/test';
import { type Address, numberToHex } from 'viem';
import { walletInitScript } from './walletInitScript.ts';

export const WALLET_INFO = {
  uuid: '0b8a3f4e-6d1c-4c53-9a53-e2e0e2e0e2e0',
  name: 'E2E Wallet',
  // A 1x1 transparent GIF: EIP-6963 wants a data URI.
  icon: 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==',
  rdns: 'org.relayer.e2e',
} as const;

export interface TestWalletOptions {
  address: Address;
  chainId: number;
  /** RPC URL per chain id; requests for a chain without one fail as disconnected (EIP-1193 4901). */
  rpcUrls: Record<number, string>;
}

interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * The Node side of the injected wallet: answers the account and chain itself and forwards everything else
 * (personal_sign, eth_sendTransaction, reads) to anvil, whose dev accounts are unlocked, so anvil signs
 * and sends. `switchAccount` and `switchChain` behave like a user doing it in the wallet.
 */
export class TestWallet {
  address: Address;
  chainId: number;
  /** The site asked for (and got) the account. */
  connected = false;
  /** Every method the page called, in order (for asserting that the wallet was asked to sign). */
  readonly calls: string[] = [];
  private readonly rpcUrls: Record<number, string>;
  private nextId = 1;

  private constructor(
    private readonly page: Page,
    options: TestWalletOptions,
  ) {
    this.address = options.address.toLowerCase() as Address;
    this.chainId = options.chainId;
    this.rpcUrls = options.rpcUrls;
  }

  /** Installs the wallet into `page` before any of its scripts run (call before the first goto). */
  static async install(page: Page, options: TestWalletOptions): Promise<TestWallet> {
    const wallet = new TestWallet(page, options);
    await page.exposeFunction('__e2eWalletRequest', (request: { method: string; params?: unknown }) =>
      wallet.handle(request.method, request.params),
    );
    await page.addInitScript(walletInitScript, WALLET_INFO);
    return wallet;
  }

  async switchAccount(address: Address): Promise<void> {
    this.address = address.toLowerCase() as Address;
    if (this.connected) await this.emit('accountsChanged', [this.address]);
  }

  async switchChain(chainId: number): Promise<void> {
    this.chainId = chainId;
    await this.emit('chainChanged', numberToHex(chainId));
  }

  private async emit(event: string, payload: unknown): Promise<void> {
    await this.page.evaluate(
      ([name, value]) =>
        (window as unknown as { __e2eWalletEmit(e: string, p: unknown): void }).__e2eWalletEmit(name, value),
      [event, payload] as const,
    );
  }

  private async handle(method: string, params: unknown): Promise<{ result?: unknown; error?: RpcError }> {
    this.calls.push(method);
    try {
      return { result: await this.answer(method, params) };
    } catch (error) {
      const rpcError = error as Partial<RpcError>;
      return {
        error: {
          code: typeof rpcError.code === 'number' ? rpcError.code : -32603,
          message: rpcError.message ?? String(error),
          ...(rpcError.data !== undefined ? { data: rpcError.data } : {}),
        },
      };
    }
  }

  private async answer(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return numberToHex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'eth_accounts':
        return this.connected ? [this.address] : [];
      case 'eth_requestAccounts':
        this.connected = true;
        return [this.address];
      case 'wallet_requestPermissions':
        this.connected = true;
        return [{ parentCapability: 'eth_accounts', caveats: [] }];
      case 'wallet_getPermissions':
        return this.connected ? [{ parentCapability: 'eth_accounts', caveats: [] }] : [];
      case 'wallet_revokePermissions':
        this.connected = false;
        return null;
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = params as [{ chainId: string }];
        const id = Number(chainId);
        if (!(id in this.rpcUrls)) throw { code: 4902, message: `Unrecognized chain ID ${chainId}` };
        if (id !== this.chainId) await this.switchChain(id);
        return null;
      }
      case 'wallet_addEthereumChain':
        return null;
      case 'eth_sendTransaction': {
        // The wallet, not the page, decides who sends: always the selected account.
        const [tx] = params as [Record<string, unknown>];
        return this.forward(method, [{ ...tx, from: this.address }]);
      }
      default:
        return this.forward(method, params);
    }
  }

  private async forward(method: string, params: unknown): Promise<unknown> {
    const url = this.rpcUrls[this.chainId];
    if (!url) throw { code: 4901, message: `The wallet has no connection to chain ${this.chainId}` };
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params: params ?? [] }),
    });
    const body = (await response.json()) as { result?: unknown; error?: RpcError };
    if (body.error) throw body.error;
    return body.result;
  }
}
