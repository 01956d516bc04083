import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useState } from 'react';
import { LiveRegion } from '../announce/LiveRegion';
import { queryKeys } from '../api/queryKeys';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { describeError } from '../errors/userMessages';
import { useNotify } from '../notifications/useNotify';
import { useNarrowScreen } from '../shared/layout/narrowScreen';
import {
  type AddTokenErrors,
  type AddTokenForm,
  emptyAddTokenForm,
  toToken,
  validateAddTokenForm,
} from './addTokenForm';
import { useTokenMetadataFill } from './useTokenMetadataFill';

const addressHelp = {
  idle: 'Paste the token contract address: name, symbol and decimals are read from the chain',
  reading: 'Reading the token contract…',
  found: 'Filled in from the token contract',
  'not-found': 'No ERC20 token found at this address on this network',
} as const;

/** SPEC §2/§4/§5: add a token to the relayer's list. */
export function AddTokenDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const narrow = useNarrowScreen();
  const api = useRelayerApi();
  const variant = useVariant();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [form, setForm] = useState<AddTokenForm>(emptyAddTokenForm);
  const [errors, setErrors] = useState<AddTokenErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setForm(emptyAddTokenForm);
      setErrors({});
    }
  }, [open]);

  const status = useTokenMetadataFill(form.address, (metadata) => {
    setForm((current) => ({
      ...current,
      name: metadata.name ?? current.name,
      symbol: metadata.symbol ?? current.symbol,
      decimals: metadata.decimals !== undefined ? String(metadata.decimals) : current.decimals,
    }));
    setErrors({});
  });

  const field = (name: keyof AddTokenForm) => ({
    value: form[name],
    error: Boolean(errors[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const save = async () => {
    const found = validateAddTokenForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await api.postToken(toToken(form));
      notify({ type: 'success', text: 'Token Submitted!' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.tokens(variant.key) });
      onClose();
    } catch (error) {
      console.error('adding token failed', error);
      notify({
        type: 'error',
        text: `error adding token, check log for details: ${describeError(error)}`,
        timeout: 6000,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={narrow}
      slotProps={{ paper: { sx: { maxWidth: narrow ? undefined : 500 } } }}
    >
      <DialogTitle>Add New Token</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          noValidate
          onSubmit={(event) => event.preventDefault()}
        >
          <TextField
            label="Address"
            required
            {...field('address')}
            helperText={errors.address ?? addressHelp[status]}
          />
          <TextField label="Name" required {...field('name')} helperText={errors.name} />
          <TextField label="Symbol" required {...field('symbol')} helperText={errors.symbol} />
          <TextField
            label="Decimals"
            required
            type="number"
            slotProps={{ htmlInput: { min: 0, max: 36, step: 1, inputMode: 'numeric' } }}
            {...field('decimals')}
            helperText={errors.decimals}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          Save
        </Button>
      </DialogActions>
      <LiveRegion inDialog />
    </Dialog>
  );
}
