// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {Ownable} from "./Ownable.sol";

/// @title TokenTransferProxy
/// @notice Users approve this contract (not the Exchange) to move their tokens; the owner
///         authorises the contracts (the Exchange) that may make it do so.
contract TokenTransferProxy is Ownable {
    /// @notice The sender is not an authorised address.
    error NotAuthorized();
    /// @notice The target is already authorised.
    error TargetAlreadyAuthorized();
    /// @notice The target is not authorised.
    error TargetNotAuthorized();

    event LogAuthorizedAddressAdded(address indexed target, address indexed caller);
    event LogAuthorizedAddressRemoved(address indexed target, address indexed caller);

    /// @notice Whether an address may call `transferFrom`.
    mapping(address => bool) public authorized;
    /// @notice The authorised addresses, in no particular order.
    address[] public authorities;

    /// @notice Owner only: authorises `target`; reverts if it already is.
    function addAuthorizedAddress(address target) external onlyOwner {
        if (authorized[target]) revert TargetAlreadyAuthorized();
        authorized[target] = true;
        authorities.push(target);
        emit LogAuthorizedAddressAdded(target, msg.sender);
    }

    /// @notice Owner only: removes `target`'s authorisation (swap-and-pop); reverts if it has none.
    function removeAuthorizedAddress(address target) external onlyOwner {
        if (!authorized[target]) revert TargetNotAuthorized();
        delete authorized[target];
        uint256 length = authorities.length;
        for (uint256 i = 0; i < length; ++i) {
            if (authorities[i] == target) {
                authorities[i] = authorities[length - 1];
                authorities.pop();
                break;
            }
        }
        emit LogAuthorizedAddressRemoved(target, msg.sender);
    }

    /// @notice Authorised callers only: calls `token.transferFrom(from, to, value)` and returns its result.
    /// @dev A reverting token reverts this call with the same data; a token that does not return a
    ///      32-byte word reverts (as any Solidity >= 0.4.22 caller would).
    function transferFrom(address token, address from, address to, uint256 value) external returns (bool) {
        if (!authorized[msg.sender]) revert NotAuthorized();
        bool result;
        assembly ("memory-safe") {
            let p := mload(0x40)
            mstore(p, shl(224, 0x23b872dd)) // transferFrom(address,address,uint256)
            mstore(add(p, 0x04), from)
            mstore(add(p, 0x24), to)
            mstore(add(p, 0x44), value)
            if iszero(call(gas(), token, 0, p, 0x64, 0, 0x20)) {
                returndatacopy(p, 0, returndatasize())
                revert(p, returndatasize())
            }
            if lt(returndatasize(), 0x20) { revert(0, 0) }
            result := iszero(iszero(mload(0)))
        }
        return result;
    }

    /// @notice All authorised addresses.
    function getAuthorizedAddresses() external view returns (address[] memory) {
        return authorities;
    }
}
