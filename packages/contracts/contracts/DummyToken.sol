// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {Ownable} from "./Ownable.sol";
import {UnlimitedAllowanceToken} from "./UnlimitedAllowanceToken.sol";

/// @title DummyToken
/// @notice Test token for dev chains: a faucet `mint` anyone may call (at most 100,000 whole tokens
///         per call) and an owner-only `setBalance`. Unlimited-allowance ERC20 semantics as ZRX.
contract DummyToken is Ownable, UnlimitedAllowanceToken {
    /// @notice The requested mint exceeds the per-call faucet limit.
    error MintAmountTooLarge(uint256 value, uint256 maximum);

    string public name;
    string public symbol;
    uint8 public immutable decimals;

    uint256 private immutable _mintLimit;

    /// @param name_ Token name.
    /// @param symbol_ Token symbol.
    /// @param decimals_ Decimal places of one whole token.
    /// @param initialSupply Base units minted to the deployer, who also becomes the owner.
    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        // 100,000 * 10^decimals fits in 256 bits up to 72 decimals; beyond that the faucet is uncapped.
        _mintLimit = decimals_ <= 72 ? 100_000 * 10 ** uint256(decimals_) : type(uint256).max;
        totalSupply = initialSupply;
        _setBalance(msg.sender, initialSupply);
        emit Transfer(address(0), msg.sender, initialSupply);
    }

    /// @notice Faucet: mints `value` base units to the sender.
    /// @param value At most 100,000 whole tokens (100,000 * 10^decimals base units).
    function mint(uint256 value) external {
        if (value > _mintLimit) revert MintAmountTooLarge(value, _mintLimit);
        // The supply bounds every balance, so a checked supply makes the balance sum safe.
        totalSupply += value;
        unchecked {
            _setBalance(msg.sender, _balanceOf(msg.sender) + value);
        }
        emit Transfer(address(0), msg.sender, value);
    }

    /// @notice Owner only: sets `target`'s balance to `value`, adjusting the total supply.
    function setBalance(address target, uint256 value) external onlyOwner {
        uint256 current = _balanceOf(target);
        if (value == current) return;
        _setBalance(target, value);
        if (value > current) {
            totalSupply += value - current;
            emit Transfer(address(0), target, value - current);
        } else {
            // current <= totalSupply, so removing part of it cannot underflow.
            unchecked {
                totalSupply -= current - value;
            }
            emit Transfer(target, address(0), current - value);
        }
    }
}
