import Box from '@mui/material/Box';

export interface UnverifiedToggleProps {
  checked: boolean;
  onChange(checked: boolean): void;
}

/**
 * Whether the book lists orders of tokens the TokenRegistry does not list: off by default, so a token
 * anyone can add does not fill the book a visitor first sees. A native checkbox in the role of a switch
 * (keyboard, focus and checked state from the browser), so the first view does not load MUI's Switch.
 */
export function UnverifiedToggle({ checked, onChange }: UnverifiedToggleProps) {
  return (
    <Box
      component="label"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, alignSelf: 'flex-start', minHeight: 42 }}
    >
      <Box
        component="input"
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        sx={{
          appearance: 'none',
          m: 0,
          width: 36,
          height: 20,
          borderRadius: 10,
          bgcolor: 'grey.600',
          position: 'relative',
          cursor: 'pointer',
          transition: 'background-color 150ms',
          '&::after': {
            content: '""',
            position: 'absolute',
            top: 2,
            left: 2,
            width: 16,
            height: 16,
            borderRadius: '50%',
            bgcolor: 'common.white',
            transition: 'transform 150ms',
          },
          '&:checked': { bgcolor: 'primary.main' },
          '&:checked::after': { transform: 'translateX(16px)' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          '@media (prefers-reduced-motion: reduce)': {
            transition: 'none',
            '&::after': { transition: 'none' },
          },
        }}
      />
      <Box component="span" sx={{ typography: 'body1' }}>
        Show unverified tokens
      </Box>
    </Box>
  );
}
