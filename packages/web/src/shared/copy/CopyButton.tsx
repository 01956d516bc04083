import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useNotify } from '../../notifications/useNotify';

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  value: string;
  /** The tooltip, e.g. "Copy the address". */
  title: string;
  /** The accessible name (may name the value itself). */
  ariaLabel: string;
  /** What is copied, as the messages name it: "address" gives "Address copied". */
  thing: string;
  /** The shorter word for it in the failure message, where it differs ("hash" for "transaction hash"). */
  shortThing?: string;
  edge?: 'end';
}

/**
 * A small copy icon with a tooltip: copies `value` and says so, or, where the browser refuses the
 * clipboard (no permission, insecure origin), says how to copy it by hand.
 */
export function CopyButton({ value, title, ariaLabel, thing, shortThing = thing, edge }: CopyButtonProps) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify({ type: 'success', text: `${thing.charAt(0).toUpperCase()}${thing.slice(1)} copied` });
    } catch {
      notify({ type: 'error', text: `Could not copy: select the ${shortThing} and copy it by hand` });
    }
  };
  return (
    <Tooltip title={title}>
      <IconButton size="small" edge={edge} aria-label={ariaLabel} onClick={() => void copy()}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
