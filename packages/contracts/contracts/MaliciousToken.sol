// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title MaliciousToken (tests only)
/// @notice An ERC20 whose `balanceOf` and `allowance` write state. The Exchange's 4999-gas read-only
///         probes (fillOrder with shouldThrowOnInsufficientBalanceOrAllowance = false) must fail on it,
///         reverting the fill, as in 0x v1's test of the same name.
contract MaliciousToken {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// @notice Number of balance/allowance queries so far (starts at 1 so writes are non-zero to non-zero).
    uint256 public iterations = 1;
    uint256 public totalSupply;
    mapping(address => uint256) private balances;
    mapping(address => mapping(address => uint256)) private allowed;

    constructor(uint256 initialSupply) {
        totalSupply = initialSupply;
        balances[msg.sender] = initialSupply;
        emit Transfer(address(0), msg.sender, initialSupply);
    }

    /// @notice Returns the balance and counts the query (a state change).
    function balanceOf(address owner) external returns (uint256) {
        ++iterations;
        return balances[owner];
    }

    /// @notice Returns the allowance and counts the query (a state change).
    function allowance(address owner, address spender) external returns (uint256) {
        ++iterations;
        return allowed[owner][spender];
    }

    /// @notice Standard transfer; reverts on a short balance.
    function transfer(address to, uint256 value) external returns (bool) {
        balances[msg.sender] -= value;
        balances[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    /// @notice Standard transferFrom; reverts on a short balance or allowance.
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        allowed[from][msg.sender] -= value;
        balances[from] -= value;
        balances[to] += value;
        emit Transfer(from, to, value);
        return true;
    }

    /// @notice Standard approve.
    function approve(address spender, uint256 value) external returns (bool) {
        allowed[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }
}
