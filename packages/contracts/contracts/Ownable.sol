// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title Ownable (0x v1 semantics)
/// @notice The deployer owns the contract. Unlike later Ownable versions, handing ownership to the
///         zero address is silently ignored and no event is emitted, exactly as in 0x's Ownable_v1.
abstract contract Ownable {
    /// @notice The sender is not the owner.
    error OnlyOwner();

    /// @notice Current owner.
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert OnlyOwner();
        _;
    }

    /// @notice Hands ownership to `newOwner`; a zero `newOwner` leaves the owner unchanged.
    /// @param newOwner The new owner.
    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner != address(0)) owner = newOwner;
    }
}
