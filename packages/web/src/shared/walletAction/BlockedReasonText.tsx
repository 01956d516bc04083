import Typography from '@mui/material/Typography';

/**
 * Why a dialog's action is off (it would revert), written at the start of its action row; `id` is what
 * the disabled button's `aria-describedby` names.
 */
export function BlockedReasonText({ id, reason }: { id: string; reason: string }) {
  return (
    <Typography
      id={id}
      variant="caption"
      color="error"
      data-disabled-reason
      sx={{ flex: '1 1 16rem', minWidth: 0 }}
    >
      {reason}
    </Typography>
  );
}
