import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Connector } from 'wagmi';

export interface WalletMenuProps {
  anchor: HTMLElement | null;
  options: readonly Connector[];
  onPick(connector: Connector): void;
  onClose(): void;
}

/** The list of announced wallets (EIP-6963) to pick from; loaded only when there is a choice to make. */
export default function WalletMenu({ anchor, options, onPick, onClose }: WalletMenuProps) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {options.map((connector) => (
        <MenuItem key={connector.uid} onClick={() => onPick(connector)}>
          {connector.icon ? (
            <img src={connector.icon} alt="" width={20} height={20} style={{ marginRight: 8 }} />
          ) : null}
          {connector.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
