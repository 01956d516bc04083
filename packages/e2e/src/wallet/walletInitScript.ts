/**
 * Runs in the page before its own scripts (`page.addInitScript`): an EIP-1193 provider whose every
 * request goes to the test's Node side through the `__e2eWalletRequest` binding, announced the EIP-6963
 * way. `window.__e2eWalletEmit(event, payload)` lets the Node side fire provider events. Self-contained:
 * Playwright serialises this function into the page.
 */
export function walletInitScript(info: { uuid: string; name: string; icon: string; rdns: string }): void {
  type Listener = (payload: unknown) => void;
  type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } };
  const listeners = new Map<string, Set<Listener>>();
  const page = window as unknown as {
    __e2eWalletRequest(request: { method: string; params?: unknown }): Promise<Answer>;
    __e2eWalletEmit?(event: string, payload: unknown): void;
  };

  const provider = {
    isE2EWallet: true,
    async request(args: { method: string; params?: unknown }) {
      const answer = await page.__e2eWalletRequest({ method: args.method, params: args.params });
      if (answer.error) {
        const error = new Error(answer.error.message) as Error & { code: number; data?: unknown };
        error.code = answer.error.code;
        if (answer.error.data !== undefined) error.data = answer.error.data;
        throw error;
      }
      return answer.result;
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };

  page.__e2eWalletEmit = (event, payload) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };

  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
