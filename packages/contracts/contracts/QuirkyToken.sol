// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title QuirkyToken (tests only)
/// @notice An ERC20 with v1's UnlimitedAllowanceToken semantics (false on a shortfall, an allowance of
///         2^256-1 never decremented) whose `balanceOf`/`allowance` or `transferFrom` misbehave in one
///         way, chosen at deployment. The Exchange must treat each the way 0x v1 did: v1 probed with a
///         plain CALL of 4,999 gas, took the first word of at least 32 returned bytes and threw on
///         anything else (PROTOCOL.md §4.5, §4.9).
contract QuirkyToken {
    // The modes (private, so that the dispatcher stays short: a probe has only 4,999 gas).
    /// @notice Behaves as a plain v1 token.
    uint8 private constant NORMAL = 0;
    /// @notice balanceOf/allowance write the holder's balance slot with its own value (a CALL allows
    ///         it). The Exchange asks allowance only after balanceOf, so the slot is warm by then and
    ///         the write fits in the 4,999 gas.
    uint8 private constant PROBE_REWRITES_SLOT = 1;
    /// @notice balanceOf/allowance emit Probed(holder) (a CALL allows it).
    uint8 private constant PROBE_EMITS_EVENT = 2;
    /// @notice balanceOf/allowance return 31 bytes.
    uint8 private constant PROBE_SHORT_RETURN = 3;
    /// @notice balanceOf/allowance return the value followed by a second, non-zero word.
    uint8 private constant PROBE_LONG_RETURN = 4;
    /// @notice balanceOf/allowance revert.
    uint8 private constant PROBE_REVERTS = 5;
    /// @notice balanceOf/allowance need more than the 4,999 gas the Exchange gives them.
    uint8 private constant PROBE_BURNS_GAS = 6;
    /// @notice transferFrom moves the tokens and returns nothing (like USDT).
    uint8 private constant TRANSFER_RETURNS_NOTHING = 7;
    /// @notice transferFrom returns true followed by a second word.
    uint8 private constant TRANSFER_LONG_RETURN = 8;
    /// @notice transferFrom reverts.
    uint8 private constant TRANSFER_REVERTS = 9;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    /// @notice Emitted by balanceOf/allowance in PROBE_EMITS_EVENT mode.
    event Probed(address indexed holder);

    /// @notice The misbehaviour, one of the constants above.
    uint8 public immutable mode;
    address private immutable _owner;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowed;

    /// @param mode_ One of the mode constants.
    constructor(uint8 mode_) {
        mode = mode_;
        _owner = msg.sender;
    }

    /// @notice Owner only: sets `target`'s balance (no event, as v1's DummyToken.setBalance).
    function setBalance(address target, uint256 value) external {
        require(msg.sender == _owner);
        _balances[target] = value;
    }

    /// @notice The stored balance, without the misbehaviour (for test reads).
    function rawBalanceOf(address holder) external view returns (uint256) {
        return _balances[holder];
    }

    /// @notice The stored allowance, without the misbehaviour (for test reads).
    function rawAllowance(address holder, address spender) external view returns (uint256) {
        return _allowed[holder][spender];
    }

    /// @notice The balance, answered in this token's way.
    function balanceOf(address holder) external returns (uint256) {
        uint256 slot;
        assembly ("memory-safe") {
            mstore(0, holder)
            mstore(0x20, _balances.slot)
            slot := keccak256(0, 0x40)
        }
        _answer(slot, slot, holder);
    }

    /// @notice The allowance, answered in this token's way.
    function allowance(address holder, address spender) external returns (uint256) {
        uint256 slot;
        uint256 balanceSlot;
        assembly ("memory-safe") {
            mstore(0, holder)
            mstore(0x20, _balances.slot)
            balanceSlot := keccak256(0, 0x40)
            mstore(0x20, _allowed.slot)
            mstore(0x20, keccak256(0, 0x40))
            mstore(0, spender)
            slot := keccak256(0, 0x40)
        }
        _answer(slot, balanceSlot, holder);
    }

    /// @notice v1 semantics, returned in this token's way.
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint8 m = mode;
        if (m == TRANSFER_REVERTS) revert();
        bool ok;
        unchecked {
            uint256 allowance_ = _allowed[from][msg.sender];
            if (_balances[from] >= value && allowance_ >= value && _balances[to] + value >= _balances[to]) {
                _balances[to] += value;
                _balances[from] -= value;
                if (allowance_ < type(uint256).max) _allowed[from][msg.sender] -= value;
                emit Transfer(from, to, value);
                ok = true;
            }
        }
        // Raw returns: the point of these modes is return data a Solidity function cannot declare.
        assembly ("memory-safe") {
            switch m
            case 7 { return(0, 0) } // TRANSFER_RETURNS_NOTHING
            case 8 {
                mstore(0, ok)
                mstore(0x20, 0xdead)
                return(0, 0x40)
            }
        }
        return ok;
    }

    /// @notice Sets the sender's allowance for `spender`.
    function approve(address spender, uint256 value) external returns (bool) {
        _allowed[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @dev Returns the word at `slot` the way `mode` says; never returns to the caller.
    function _answer(uint256 slot, uint256 balanceSlot, address holder) private {
        uint8 m = mode;
        if (m == PROBE_REVERTS) revert();
        if (m == PROBE_EMITS_EVENT) emit Probed(holder);
        // Raw returns and a raw same-value SSTORE: what these modes test is below Solidity's level.
        assembly ("memory-safe") {
            // PROBE_REWRITES_SLOT; xor with iszero(gas()) (always 0) keeps the optimizer from dropping
            // a store it would otherwise prove redundant.
            if eq(m, 1) { sstore(balanceSlot, xor(sload(balanceSlot), iszero(gas()))) }
            let value := sload(slot)
            switch m
            case 3 {
                mstore(0, value)
                return(0, 31)
            }
            case 4 {
                mstore(0, value)
                mstore(0x20, 0xdead)
                return(0, 0x40)
            }
            case 6 {
                // Three more cold reads (6,300 gas; the Exchange gives 4,999). The slots are never written,
                // so xor-ing them in leaves the value as it is, but the optimizer cannot drop the reads.
                for { let i := 1 } lt(i, 4) { i := add(i, 1) } { value := xor(value, sload(add(slot, i))) }
            }
            mstore(0, value)
            return(0, 0x20)
        }
    }
}
