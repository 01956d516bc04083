import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { describeError } from '../../errors/userMessages';

/** "Could not load {what}: {why}" with a Retry button: what a list or page shows when its read failed. */
export function LoadErrorAlert({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      Could not load {what}: {describeError(error)}
    </Alert>
  );
}
