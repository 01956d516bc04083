// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title UnlimitedAllowanceToken (0x v1 semantics)
/// @notice ERC20 whose `transfer`/`transferFrom` return false instead of reverting when the balance or
///         allowance is short or the receiver would overflow, and whose allowance of 2^256-1 is never
///         decremented (an "unlimited" approval). Base of ZRXToken and DummyToken.
abstract contract UnlimitedAllowanceToken {
    uint256 internal constant MAX_UINT = type(uint256).max;

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
        uint256 fromBalance = balances[from];
        uint256 spenderAllowance = allowed[from][msg.sender];
        uint256 toBalance = balances[to];
        // Every subtraction below is guarded by the comparison before it; the receiver overflow is
        // checked explicitly because v1 returns false for it instead of reverting.
        unchecked {
            if (fromBalance < value || spenderAllowance < value || toBalance + value < toBalance) return false;
            balances[from] = fromBalance - value;
            balances[to] += value;
            if (spenderAllowance != MAX_UINT) allowed[from][msg.sender] = spenderAllowance - value;
        }
        emit Transfer(from, to, value);
        return true;
    }

    /// @notice Lets `spender` move up to `value` of the sender's tokens (2^256-1 = unlimited).
    function approve(address spender, uint256 value) external returns (bool success) {
        allowed[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @notice Token balance of `owner`.
    function balanceOf(address owner) external view returns (uint256 balance) {
        return balances[owner];
    }

    /// @notice Amount `spender` may still move from `owner`.
    function allowance(address owner, address spender) external view returns (uint256 remaining) {
        return allowed[owner][spender];
    }
}
