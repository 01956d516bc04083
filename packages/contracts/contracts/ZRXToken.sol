// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {UnlimitedAllowanceToken} from "./UnlimitedAllowanceToken.sol";

/// @title ZRXToken
/// @notice The 0x protocol fee token: 10^27 base units minted to the deployer, 18 decimals,
///         unlimited-allowance semantics (transferFrom returns false rather than reverting).
contract ZRXToken is UnlimitedAllowanceToken {
    uint8 public constant decimals = 18;
    string public constant name = "0x Protocol Token";
    string public constant symbol = "ZRX";

    constructor() {
        totalSupply = 10 ** 27;
        _setBalance(msg.sender, 10 ** 27);
        emit Transfer(address(0), msg.sender, 10 ** 27);
    }
}
