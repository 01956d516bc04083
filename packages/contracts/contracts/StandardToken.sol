// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title StandardToken (tests and gas measurements only)
/// @notice 0x v1's DummyToken as written in 2017 (StandardToken + UnlimitedAllowanceToken + an owner-only
///         setBalance), in plain Solidity: balances and allowances live in mappings, as in v1's tokens
///         and in real ERC-20 tokens. The deployed ZRXToken and DummyToken keep them at hash-free slots
///         instead, which makes every probe and transfer cheaper; gas figures measured on this token are
///         the ones a trader pays with real tokens.
contract StandardToken {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    uint256 private constant MAX_UINT = type(uint256).max;

    mapping(address => uint256) private balances;
    mapping(address => mapping(address => uint256)) private allowed;
    uint256 public totalSupply;
    address public immutable owner;

    /// @param initialSupply Base units minted to the deployer.
    constructor(uint256 initialSupply) {
        owner = msg.sender;
        totalSupply = initialSupply;
        balances[msg.sender] = initialSupply;
        emit Transfer(address(0), msg.sender, initialSupply);
    }

    /// @notice v1: false (no revert, no event) on a short balance or a receiver overflow.
    function transfer(address to, uint256 value) external returns (bool) {
        unchecked {
            if (balances[msg.sender] >= value && balances[to] + value >= balances[to]) {
                balances[msg.sender] -= value;
                balances[to] += value;
                emit Transfer(msg.sender, to, value);
                return true;
            }
            return false;
        }
    }

    /// @notice v1's UnlimitedAllowanceToken.transferFrom: false on a short balance or allowance or a
    ///         receiver overflow; an allowance of 2^256-1 is never decremented.
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        unchecked {
            uint256 allowance_ = allowed[from][msg.sender];
            if (balances[from] >= value && allowance_ >= value && balances[to] + value >= balances[to]) {
                balances[to] += value;
                balances[from] -= value;
                if (allowance_ < MAX_UINT) allowed[from][msg.sender] -= value;
                emit Transfer(from, to, value);
                return true;
            }
            return false;
        }
    }

    /// @notice Sets the sender's allowance for `spender`.
    function approve(address spender, uint256 value) external returns (bool) {
        allowed[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @notice Token balance of `holder`.
    function balanceOf(address holder) external view returns (uint256) {
        return balances[holder];
    }

    /// @notice Amount `spender` may still move from `holder`.
    function allowance(address holder, address spender) external view returns (uint256) {
        return allowed[holder][spender];
    }

    /// @notice Owner only (v1's DummyToken.setBalance): sets `target`'s balance, adjusting the supply.
    function setBalance(address target, uint256 value) external {
        require(msg.sender == owner);
        uint256 current = balances[target];
        if (value < current) totalSupply -= current - value;
        else totalSupply += value - current;
        balances[target] = value;
    }
}
