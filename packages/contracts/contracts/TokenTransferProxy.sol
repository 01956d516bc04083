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

    // Whether an address may call `transferFrom`: 1 at slot 2^160 | address, else 0. No mapping hash
    // to compute on each transfer; the slot is above every declared slot and cannot meet the array's
    // elements (at keccak256 of a slot number).
    uint256 private constant AUTHORIZED_SLOT_FLAG = 1 << 160;
    // Token addresses up to this may be precompiles, which answer calls without having code.
    uint256 private constant LOW_ADDRESS_MAX = 0xffff;

    /// @notice The authorised addresses, in no particular order.
    address[] public authorities;

    /// @notice Owner only: authorises `target`; reverts if it already is.
    function addAuthorizedAddress(address target) external onlyOwner {
        if (_isAuthorized(target)) revert TargetAlreadyAuthorized();
        _setAuthorized(target, true);
        authorities.push(target);
        emit LogAuthorizedAddressAdded(target, msg.sender);
    }

    /// @notice Owner only: removes `target`'s authorisation (swap-and-pop); reverts if it has none.
    function removeAuthorizedAddress(address target) external onlyOwner {
        if (!_isAuthorized(target)) revert TargetNotAuthorized();
        _setAuthorized(target, false);
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
    /// @dev As v1's 0.4 high-level call: a token without code, or one that answers with fewer than 32
    ///      bytes, reverts; a reverting token reverts this call with the same data; the first returned
    ///      word is the result.
    function transferFrom(address token, address from, address to, uint256 value) external returns (bool) {
        // Every fill calls this two to four times: one assembly block. It ends in return or revert on
        // every path, so it builds the token's calldata at 0x1c-0x7f over the free memory pointer and
        // the zero slot, which no Solidity code reads afterwards, and below 0x80, where the compiler
        // would put variables it moves to memory.
        assembly ("memory-safe") {
            if iszero(sload(or(caller(), AUTHORIZED_SLOT_FLAG))) {
                mstore(0, shl(224, 0xea8e4eb5)) // NotAuthorized()
                revert(0, 4)
            }
            mstore(0x00, 0x23b872dd) // transferFrom(address,address,uint256), right-aligned: calldata at 28
            mstore(0x20, from)
            mstore(0x40, to)
            mstore(0x60, value)
            let success := call(gas(), token, 0, 28, 0x64, 0, 0x20)
            // v1's 0.4 call threw for a token without code. A codeless address answers a CALL with
            // success and no data, which fails the 32-byte check; only the precompiles answer with
            // data, and they all sit at low addresses, so only there is EXTCODESIZE asked, after the
            // fact (a precompile's answer changes nothing).
            if iszero(and(and(success, gt(returndatasize(), 0x1f)), gt(token, LOW_ADDRESS_MAX))) {
                if iszero(success) {
                    returndatacopy(0, 0, returndatasize())
                    revert(0, returndatasize())
                }
                if lt(returndatasize(), 0x20) { revert(0, 0) }
                if iszero(extcodesize(token)) { revert(0, 0) }
            }
            mstore(0, iszero(iszero(mload(0))))
            return(0, 0x20)
        }
    }

    /// @notice Whether an address may call `transferFrom`.
    function authorized(address) external view returns (bool) {
        // Unnamed parameter and result, as the ABI of v1's public mapping; the decoder has checked the
        // argument, which is the first word after the selector.
        address target;
        assembly ("memory-safe") {
            target := calldataload(4)
        }
        return _isAuthorized(target);
    }

    /// @notice All authorised addresses.
    function getAuthorizedAddresses() external view returns (address[] memory) {
        return authorities;
    }

    function _isAuthorized(address target) private view returns (bool result) {
        assembly ("memory-safe") {
            result := sload(or(target, AUTHORIZED_SLOT_FLAG))
        }
    }

    function _setAuthorized(address target, bool value) private {
        assembly ("memory-safe") {
            sstore(or(target, AUTHORIZED_SLOT_FLAG), value)
        }
    }
}
