// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title FalseReturningToken (tests only)
/// @notice Claims every holder owns and has approved everything, yet `transferFrom` always returns
///         false. Used to show that a fill reverts when a proxy transfer fails even after the
///         balance/allowance probes passed.
contract FalseReturningToken {
    /// @notice Every balance is 2^256-1.
    function balanceOf(address) external pure returns (uint256) {
        return type(uint256).max;
    }

    /// @notice Every allowance is 2^256-1.
    function allowance(address, address) external pure returns (uint256) {
        return type(uint256).max;
    }

    /// @notice Always fails by returning false.
    function transferFrom(address, address, uint256) external pure returns (bool) {
        return false;
    }
}
