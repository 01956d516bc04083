// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title LyingToken (tests only)
/// @notice An ERC20 that says every holder has plenty and every spender may take it, and whose
///         `transferFrom` returns true while moving only a share of the amount: none (a lie), half (a
///         fee-on-transfer token) or all (honest). Anyone may change the share, so a test can turn an
///         honest token into a liar. The relayer's acceptance must find the lie out by simulating the
///         fill's transfer.
contract LyingToken {
    event Transfer(address indexed from, address indexed to, uint256 value);

    /// @notice What every holder starts with, and what `allowance` answers for everyone.
    uint256 private constant PLENTY = 2 ** 200;

    /// @notice The percentage of an amount `transferFrom` really moves (0, 50 or 100 in the tests).
    uint8 public movedPercent;
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public constant totalSupply = PLENTY;
    mapping(address => uint256) private _received;
    mapping(address => uint256) private _sent;

    /// @param name_ The token's name.
    /// @param symbol_ The token's symbol.
    /// @param movedPercent_ The share `transferFrom` moves.
    constructor(string memory name_, string memory symbol_, uint8 movedPercent_) {
        name = name_;
        symbol = symbol_;
        movedPercent = movedPercent_;
    }

    /// @notice Anyone: sets the share `transferFrom` moves from now on.
    function setMovedPercent(uint8 movedPercent_) external {
        movedPercent = movedPercent_;
    }

    /// @notice PLENTY, plus what was really received, minus what was sent.
    function balanceOf(address holder) external view returns (uint256) {
        return PLENTY + _received[holder] - _sent[holder];
    }

    /// @notice PLENTY for every owner and spender.
    function allowance(address, address) external pure returns (uint256) {
        return PLENTY;
    }

    /// @notice Returns true; takes the whole amount from `from` and gives `to` only its share.
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _sent[from] += value;
        _received[to] += (value * movedPercent) / 100;
        emit Transfer(from, to, value);
        return true;
    }

    /// @notice Returns true and moves nothing.
    function transfer(address to, uint256 value) external returns (bool) {
        emit Transfer(msg.sender, to, value);
        return true;
    }

    /// @notice Returns true and records nothing.
    function approve(address, uint256) external pure returns (bool) {
        return true;
    }
}
