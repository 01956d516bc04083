import type { TokenRecord } from '@relayer/protocol';
import { type ReactNode, useState } from 'react';
import { UnverifiedTokensConfirm } from './UnverifiedTokensConfirm';

/**
 * The confirmation step of a dialog that trades unverified tokens: `ask()` turns the dialog into the
 * confirmation; `step(...)` is that confirmation while asked (Back returns to the form, the confirm
 * button returns to it and goes on), else undefined and the dialog shows its form.
 */
export function useUnverifiedConfirm(titleId: string, action: 'take' | 'make') {
  const [asking, setAsking] = useState(false);
  const step = (tokens: readonly TokenRecord[], onConfirm: () => void): ReactNode =>
    asking ? (
      <UnverifiedTokensConfirm
        titleId={titleId}
        action={action}
        tokens={tokens}
        onBack={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      />
    ) : undefined;
  return { ask: () => setAsking(true), step };
}
