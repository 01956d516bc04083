// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title UnlimitedAllowanceToken (0x v1 semantics)
/// @notice ERC20 whose `transfer`/`transferFrom` return false instead of reverting when the balance or
///         allowance is short or the receiver would overflow, and whose allowance of 2^256-1 is never
///         decremented (an "unlimited" approval). Base of ZRXToken and DummyToken.
abstract contract UnlimitedAllowanceToken {
    // keccak256("Transfer(address,address,uint256)")
    uint256 private constant TRANSFER_TOPIC = 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    mapping(address => uint256) internal balances;
    mapping(address => mapping(address => uint256)) internal allowed;

    /// @notice Total amount of tokens in existence.
    uint256 public totalSupply;

    /// @notice Moves `value` tokens from the sender to `to`.
    /// @return success False (no revert, no event) if the balance is short or `to` would overflow.
    function transfer(address to, uint256 value) external returns (bool success) {
        uint256 fromBalance = balances[msg.sender];
        uint256 toBalance = balances[to];
        // Overflow of the receiver is part of the v1 rule set, so it is tested rather than trapped.
        unchecked {
            if (fromBalance < value || toBalance + value < toBalance) return false;
            // Debit first and re-read the receiver so that a self-transfer nets to zero.
            balances[msg.sender] = fromBalance - value;
            balances[to] += value;
        }
        emit Transfer(msg.sender, to, value);
        return true;
    }

    /// @notice Moves `value` tokens from `from` to `to` using the sender's allowance.
    /// @return success False (no revert, no event) if the balance or allowance is short or `to`
    ///         would overflow. An allowance of 2^256-1 is not decremented.
    function transferFrom(address from, address to, uint256 value) external returns (bool success) {
        // The exchange's hot path: each storage slot is hashed once and reused for the write.
        assembly ("memory-safe") {
            mstore(0x00, from)
            mstore(0x20, balances.slot)
            let fromSlot := keccak256(0x00, 0x40)
            let fromBalance := sload(fromSlot)
            mstore(0x20, allowed.slot)
            mstore(0x20, keccak256(0x00, 0x40))
            mstore(0x00, caller())
            let allowanceSlot := keccak256(0x00, 0x40)
            let spenderAllowance := sload(allowanceSlot)
            mstore(0x00, to)
            mstore(0x20, balances.slot)
            let toSlot := keccak256(0x00, 0x40)
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
            // Return directly: the Solidity epilogue costs more than the return itself.
            mstore(0x00, success)
            return(0x00, 0x20)
        }
    }

    /// @notice Lets `spender` move up to `value` of the sender's tokens (2^256-1 = unlimited).
    function approve(address spender, uint256 value) external returns (bool success) {
        allowed[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @notice Token balance of `owner`.
    function balanceOf(address owner) external view returns (uint256 ownerBalance) {
        assembly ("memory-safe") {
            mstore(0x00, owner)
            mstore(0x20, balances.slot)
            ownerBalance := sload(keccak256(0x00, 0x40))
            mstore(0x00, ownerBalance)
            return(0x00, 0x20)
        }
    }

    /// @notice Amount `spender` may still move from `owner`.
    function allowance(address owner, address spender) external view returns (uint256 remaining) {
        assembly ("memory-safe") {
            mstore(0x00, owner)
            mstore(0x20, allowed.slot)
            mstore(0x20, keccak256(0x00, 0x40))
            mstore(0x00, spender)
            remaining := sload(keccak256(0x00, 0x40))
            mstore(0x00, remaining)
            return(0x00, 0x20)
        }
    }
}
