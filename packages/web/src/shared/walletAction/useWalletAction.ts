import { useState } from 'react';

/**
 * A wallet step a dialog waits on (sign and post, fill, cancel): `busy` while it runs, and the dialog
 * closes once it succeeds. A failure is the action's to report; the dialog stays open to try again.
 */
export function useWalletAction(onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    const done = await action();
    setBusy(false);
    if (done) onClose();
  };
  return { busy, run };
}
