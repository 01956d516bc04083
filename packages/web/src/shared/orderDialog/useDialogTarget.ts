import { useCallback, useState } from 'react';

export interface DialogTarget<T> {
  open: boolean;
  /** What the dialog is about; it stays set while the dialog animates closed. */
  target: T | undefined;
  show(target: T): void;
  close(): void;
}

/** The open state of a dialog about one thing: the order to take or cancel, the draft to make. */
export function useDialogTarget<T>(): DialogTarget<T> {
  const [state, setState] = useState<{ open: boolean; target?: T }>({ open: false });
  const show = useCallback((target: T) => setState({ open: true, target }), []);
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { open: state.open, target: state.target, show, close };
}
