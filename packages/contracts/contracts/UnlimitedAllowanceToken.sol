// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title UnlimitedAllowanceToken (0x v1 semantics)
/// @notice ERC20 whose `transfer`/`transferFrom` return false instead of reverting when the balance or
///         allowance is short or the receiver would overflow, and whose allowance of 2^256-1 is never
///         decremented (an "unlimited" approval). Base of ZRXToken and DummyToken.
/// @dev Storage layout, chosen for the Exchange's hot path (balance and allowance probes, transfers):
///      - balance of `owner`:            slot 2^160 | owner (no hashing; above every declared slot)
///      - allowance of `owner`/`spender`: slot keccak256(owner ++ spender), 40 packed bytes (one hash)
///      Neither can meet a declared variable or a Solidity mapping/array slot (those are below 2^160 or
///      hashes of 32/64-byte inputs).
abstract contract UnlimitedAllowanceToken {
    // keccak256("Transfer(address,address,uint256)") and keccak256("Approval(address,address,uint256)")
    uint256 private constant TRANSFER_TOPIC = 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef;
    uint256 private constant APPROVAL_TOPIC = 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925;
    uint256 private constant BALANCE_SLOT_FLAG = 1 << 160;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// @notice Total amount of tokens in existence.
    uint256 public totalSupply;

    /// @notice Moves `value` tokens from the sender to `to`.
    /// @return success False (no revert, no event) if the balance is short or `to` would overflow.
    function transfer(address to, uint256 value) external returns (bool success) {
        assembly ("memory-safe") {
            let fromSlot := or(caller(), BALANCE_SLOT_FLAG)
            let toSlot := or(to, BALANCE_SLOT_FLAG)
            let fromBalance := sload(fromSlot)
            let toBalance := sload(toSlot)
            // v1 returns false for a short balance and for a receiver overflow.
            if iszero(or(lt(fromBalance, value), lt(add(toBalance, value), toBalance))) {
                // A self-transfer changes no balance.
                if iszero(eq(fromSlot, toSlot)) {
                    sstore(fromSlot, sub(fromBalance, value))
                    sstore(toSlot, add(toBalance, value))
                }
                mstore(0x00, value)
                log3(0x00, 0x20, TRANSFER_TOPIC, caller(), to)
                success := 1
            }
            // Returning here skips an epilogue that costs more than the return itself.
            mstore(0x00, success)
            return(0x00, 0x20)
        }
    }

    /// @notice Moves `value` tokens from `from` to `to` using the sender's allowance.
    /// @return success False (no revert, no event) if the balance or allowance is short or `to`
    ///         would overflow. An allowance of 2^256-1 is not decremented.
    function transferFrom(address from, address to, uint256 value) external returns (bool success) {
        assembly ("memory-safe") {
            let fromSlot := or(from, BALANCE_SLOT_FLAG)
            let toSlot := or(to, BALANCE_SLOT_FLAG)
            mstore(0x00, shl(96, from))
            mstore(0x14, shl(96, caller()))
            let allowanceSlot := keccak256(0x00, 0x28)
            let fromBalance := sload(fromSlot)
            let spenderAllowance := sload(allowanceSlot)
            let toBalance := sload(toSlot)
            // v1 returns false for a short balance or allowance and for a receiver overflow.
            if iszero(or(or(lt(fromBalance, value), lt(spenderAllowance, value)), lt(add(toBalance, value), toBalance))) {
                // A self-transfer changes no balance.
                if iszero(eq(fromSlot, toSlot)) {
                    sstore(fromSlot, sub(fromBalance, value))
                    sstore(toSlot, add(toBalance, value))
                }
                if not(spenderAllowance) { sstore(allowanceSlot, sub(spenderAllowance, value)) }
                mstore(0x00, value)
                log3(0x00, 0x20, TRANSFER_TOPIC, from, to)
                success := 1
            }
            mstore(0x00, success)
            return(0x00, 0x20)
        }
    }

    /// @notice Lets `spender` move up to `value` of the sender's tokens (2^256-1 = unlimited).
    function approve(address spender, uint256 value) external returns (bool success) {
        assembly ("memory-safe") {
            mstore(0x00, shl(96, caller()))
            mstore(0x14, shl(96, spender))
            sstore(keccak256(0x00, 0x28), value)
            mstore(0x00, value)
            log3(0x00, 0x20, APPROVAL_TOPIC, caller(), spender)
            success := 1
        }
    }

    /// @notice Token balance of `owner`.
    function balanceOf(address owner) external view returns (uint256) {
        assembly ("memory-safe") {
            mstore(0x00, sload(or(owner, BALANCE_SLOT_FLAG)))
            return(0x00, 0x20)
        }
    }

    /// @notice Amount `spender` may still move from `owner`.
    function allowance(address owner, address spender) external view returns (uint256) {
        assembly ("memory-safe") {
            mstore(0x00, shl(96, owner))
            mstore(0x14, shl(96, spender))
            mstore(0x00, sload(keccak256(0x00, 0x28)))
            return(0x00, 0x20)
        }
    }

    /// @dev Balance of `owner`, for minting and supply management in derived contracts.
    function _balanceOf(address owner) internal view returns (uint256 ownerBalance) {
        assembly ("memory-safe") {
            ownerBalance := sload(or(owner, BALANCE_SLOT_FLAG))
        }
    }

    /// @dev Sets the balance of `owner` (no event; callers emit Transfer).
    function _setBalance(address owner, uint256 value) internal {
        assembly ("memory-safe") {
            sstore(or(owner, BALANCE_SLOT_FLAG), value)
        }
    }
}
