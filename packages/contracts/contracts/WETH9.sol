// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title WETH9
/// @notice Wrapped ether with the semantics of the canonical WETH9: 1 WETH per wei deposited,
///         `transferFrom` reverts when the balance or allowance is short, the allowance is not spent
///         when the spender moves its own tokens or holds 2^256-1, and total supply is the ether held.
contract WETH9 {
    /// @notice The balance is smaller than the amount.
    error InsufficientBalance();
    /// @notice The allowance is smaller than the amount.
    error InsufficientAllowance();
    /// @notice Sending the withdrawn ether to the sender failed.
    error EtherTransferFailed();

    string public constant name = "Wrapped Ether";
    string public constant symbol = "WETH";
    uint8 public constant decimals = 18;

    event Approval(address indexed src, address indexed guy, uint256 wad);
    event Transfer(address indexed src, address indexed dst, uint256 wad);
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    /// @notice WETH balance per holder.
    mapping(address => uint256) public balanceOf;
    /// @notice Allowance per holder and spender.
    mapping(address => mapping(address => uint256)) public allowance;

    /// @notice Plain ether sent to the contract is deposited for the sender.
    receive() external payable {
        deposit();
    }

    /// @notice As in WETH9, a call to any unknown function also deposits `msg.value` (possibly 0).
    fallback() external payable {
        deposit();
    }

    /// @notice Wraps `msg.value` wei into as many WETH for the sender.
    function deposit() public payable {
        // The sum is bounded by the ether supply.
        unchecked {
            balanceOf[msg.sender] += msg.value;
        }
        emit Deposit(msg.sender, msg.value);
    }

    /// @notice Unwraps `wad` WETH and sends the ether to the sender (2300-gas stipend, as WETH9).
    function withdraw(uint256 wad) external {
        uint256 balance = balanceOf[msg.sender];
        if (balance < wad) revert InsufficientBalance();
        // Guarded by the comparison above.
        unchecked {
            balanceOf[msg.sender] = balance - wad;
        }
        // WETH9's `transfer`: the recipient gets only the 2300-gas stipend that comes with a value
        // transfer (and 2300 gas when wad is 0).
        bool sent;
        assembly ("memory-safe") {
            sent := call(mul(iszero(wad), 2300), caller(), wad, 0, 0, 0, 0)
        }
        if (!sent) revert EtherTransferFailed();
        emit Withdrawal(msg.sender, wad);
    }

    /// @notice Ether held by the contract, which equals the WETH in circulation.
    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    /// @notice Lets `guy` move up to `wad` of the sender's WETH.
    function approve(address guy, uint256 wad) external returns (bool) {
        allowance[msg.sender][guy] = wad;
        emit Approval(msg.sender, guy, wad);
        return true;
    }

    /// @notice Moves `wad` WETH from the sender to `dst`; reverts if the balance is short.
    function transfer(address dst, uint256 wad) external returns (bool) {
        return transferFrom(msg.sender, dst, wad);
    }

    /// @notice Moves `wad` WETH from `src` to `dst`; reverts if the balance or (unless the sender is
    ///         `src` or the allowance is 2^256-1) the allowance is short.
    function transferFrom(address src, address dst, uint256 wad) public returns (bool) {
        uint256 srcBalance = balanceOf[src];
        if (srcBalance < wad) revert InsufficientBalance();
        if (src != msg.sender) {
            uint256 allowed = allowance[src][msg.sender];
            if (allowed != type(uint256).max) {
                if (allowed < wad) revert InsufficientAllowance();
                // Guarded by the comparison above.
                unchecked {
                    allowance[src][msg.sender] = allowed - wad;
                }
            }
        }
        // The debit is guarded above and no balance can exceed the ether supply; debit first and
        // re-read the receiver so that a self-transfer nets to zero.
        unchecked {
            balanceOf[src] = srcBalance - wad;
            balanceOf[dst] += wad;
        }
        emit Transfer(src, dst, wad);
        return true;
    }
}
