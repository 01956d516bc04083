import { weth9Artifact } from '@relayer/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Address, encodeErrorResult, type Hex } from 'viem';
import { describe, expect, test, vi } from 'vitest';
import { answerChainBasics } from '../test/answerChainBasics';
import { TAKER } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { mainVariant } from '../test/testConfig';
import { installTestNetwork } from '../test/testNetwork';
import { TxConfirmActions } from './TxConfirmActions';
import type { TxRequest } from './TxRequest';

const WETH = '0x0b1ba0af832d7c05fd64161e0db78e85978e8082' as Address;
const unwrap: TxRequest = {
  address: WETH,
  abi: weth9Artifact.abi,
  functionName: 'withdraw',
  args: [10n ** 18n],
};

/** A node whose eth_estimateGas answers `gas`, or reverts with `revertData`; the rest as every fake node. */
function installNode({ gas, revertData }: { gas?: Hex; revertData?: Hex }) {
  installTestNetwork({}, async (body) => {
    const { id, method } = body as { id: number; method: string };
    if (method === 'eth_estimateGas' && revertData)
      return { jsonrpc: '2.0', id, error: { code: 3, message: 'execution reverted', data: revertData } };
    if (method === 'eth_estimateGas') return { jsonrpc: '2.0', id, result: gas };
    return { jsonrpc: '2.0', id, result: answerChainBasics(method, mainVariant.chainId) };
  });
}

function renderActions(onClick: () => void) {
  return renderWithProviders(
    <TxConfirmActions
      request={unwrap}
      status={{ phase: 'idle' }}
      label="Unwrap"
      busy={false}
      disabled={false}
      onClick={onClick}
      onClose={() => {}}
    />,
    { wallet: { address: TAKER } },
  );
}

describe('TxConfirmActions', () => {
  test('shows the network cost before the confirm button, which stays on', async () => {
    // 50,000 gas at the fake node's next base fee (1 wei) plus tip (1 wei); the fake relayer's ETH
    // price is live, so the dollars are said too.
    installNode({ gas: '0xc350' });
    const onClick = vi.fn();
    await renderActions(onClick);
    expect(
      await screen.findByText('Network cost: ~0.0000000000001 ETH (< $0.01), 50,000 gas'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unwrap' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  test('a call that would revert turns the button off, with the reason in words beside it', async () => {
    installNode({
      revertData: encodeErrorResult({ abi: weth9Artifact.abi, errorName: 'InsufficientBalance' }),
    });
    await renderActions(() => {});
    const reason = 'Not sent: this would fail. Your token balance is too low';
    expect(await screen.findByText(reason)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Unwrap' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
    expect(screen.queryByText(/Network cost/)).not.toBeInTheDocument();
  });
});
