import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

export interface UnverifiedToggleProps {
  checked: boolean;
  onChange(checked: boolean): void;
}

/**
 * Whether the book lists orders of tokens the TokenRegistry does not list: off by default, so a token
 * anyone can add does not fill the book a visitor first sees.
 */
export function UnverifiedToggle({ checked, onChange }: UnverifiedToggleProps) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label="Show unverified tokens"
      sx={{ alignSelf: 'flex-start' }}
    />
  );
}
