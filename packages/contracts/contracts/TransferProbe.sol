// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title TransferProbe
/// @notice Never deployed: the relayer puts its runtime code at the TokenTransferProxy's address with
///         an `eth_call` state override, so that it runs as the proxy, which holds the makers'
///         allowances. It makes the fill's maker-token transfer and reports the balances around it, so
///         a token whose `transferFrom` says true without moving the amount is found out. It keeps no
///         storage of its own (the proxy's storage stays in place) and never reverts.
contract TransferProbe {
    /// @notice Calls `token.transferFrom(from, to, amount)` as the proxy would, between reads of both
    ///         balances. `success` is the proxy's own test: the call did not revert and answered at
    ///         least one word, which is non-zero.
    /// @return success Whether the proxy would take the transfer as done.
    /// @return fromBefore The balance of `from` before the transfer (0 when the read fails).
    /// @return toBefore The balance of `to` before.
    /// @return fromAfter The balance of `from` after.
    /// @return toAfter The balance of `to` after.
    function probe(address token, address from, address to, uint256 amount)
        external
        returns (bool success, uint256 fromBefore, uint256 toBefore, uint256 fromAfter, uint256 toAfter)
    {
        fromBefore = _balanceOf(token, from);
        toBefore = _balanceOf(token, to);
        (bool ok, bytes memory answer) =
            token.call(abi.encodeWithSelector(0x23b872dd, from, to, amount));
        success = ok && answer.length >= 32 && abi.decode(answer, (uint256)) != 0;
        fromAfter = _balanceOf(token, from);
        toAfter = _balanceOf(token, to);
    }

    function _balanceOf(address token, address holder) private view returns (uint256) {
        (bool ok, bytes memory answer) = token.staticcall(abi.encodeWithSelector(0x70a08231, holder));
        return ok && answer.length >= 32 ? abi.decode(answer, (uint256)) : 0;
    }
}
