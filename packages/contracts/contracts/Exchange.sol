// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @title Exchange (0x protocol v1)
/// @notice Settles signed token-for-token orders. Every public function, event, selector, check order,
///         return value and LogError code is that of 0x's v1 Exchange (VERSION "1.0.0"); the code is a
///         gas-lean reimplementation for Solidity 0.8.
/// @dev Order layout, as in v1:
///      orderAddresses = [maker, taker, makerToken, takerToken, feeRecipient]
///      orderValues    = [makerTokenAmount, takerTokenAmount, makerFee, takerFee, expirationTimestampInSec, salt]
///      Reverts carry custom errors (v1 reverted without data); everything v1 reports through LogError
///      still returns 0 without reverting.
contract Exchange {
    /// @notice The order names a taker and the sender is not it.
    error SenderIsNotTaker();
    /// @notice The sender of a cancel is not the order's maker.
    error SenderIsNotMaker();
    /// @notice makerTokenAmount, takerTokenAmount or the fill/cancel amount is zero.
    error ZeroAmount();
    /// @notice The maker did not sign the order hash.
    error InvalidSignature();
    /// @notice A TokenTransferProxy transfer returned false.
    error TransferFailed();
    /// @notice fillOrKillOrder filled less than requested.
    error FillOrKillFailed(uint256 filledTakerTokenAmount);
    /// @notice fillOrdersUpTo was given orders with different taker tokens.
    error TakerTokenMismatch();

    /// @notice LogError codes.
    enum Errors {
        ORDER_EXPIRED, // Order has already expired
        ORDER_FULLY_FILLED_OR_CANCELLED, // Order has already been fully filled or cancelled
        ROUNDING_ERROR_TOO_LARGE, // Rounding error too large
        INSUFFICIENT_BALANCE_OR_ALLOWANCE // Insufficient balance or allowance for token transfer
    }

    /// @notice Protocol version.
    string public constant VERSION = "1.0.0";
    /// @notice Gas given to each balanceOf/allowance probe; state changes need at least 5000.
    uint16 public constant EXTERNAL_QUERY_GAS_LIMIT = 4999;

    /// @notice The fee token.
    address public immutable ZRX_TOKEN_CONTRACT;
    /// @notice The proxy every transfer goes through.
    address public immutable TOKEN_TRANSFER_PROXY_CONTRACT;

    /// @dev filled + cancelled per order hash: the one slot a fill reads and writes. It never exceeds
    ///      the order's takerTokenAmount, so the sum cannot overflow.
    mapping(bytes32 => uint256) private _unavailable;

    /// @notice Cumulative taker-token amount cancelled per order hash.
    mapping(bytes32 => uint256) public cancelled;

    event LogFill(
        address indexed maker,
        address taker,
        address indexed feeRecipient,
        address makerToken,
        address takerToken,
        uint256 filledMakerTokenAmount,
        uint256 filledTakerTokenAmount,
        uint256 paidMakerFee,
        uint256 paidTakerFee,
        bytes32 indexed tokens, // keccak256(makerToken, takerToken), tight-packed
        bytes32 orderHash
    );

    event LogCancel(
        address indexed maker,
        address indexed feeRecipient,
        address makerToken,
        address takerToken,
        uint256 cancelledMakerTokenAmount,
        uint256 cancelledTakerTokenAmount,
        bytes32 indexed tokens,
        bytes32 orderHash
    );

    event LogError(uint8 indexed errorId, bytes32 indexed orderHash);

    /// @param _zrxToken The fee token (ZRX).
    /// @param _tokenTransferProxy The TokenTransferProxy that must authorise this Exchange.
    constructor(address _zrxToken, address _tokenTransferProxy) {
        ZRX_TOKEN_CONTRACT = _zrxToken;
        TOKEN_TRANSFER_PROXY_CONTRACT = _tokenTransferProxy;
    }

    /*
     * Core exchange functions
     */

    /// @notice Fills the order with up to `fillTakerTokenAmount` taker tokens from the sender.
    /// @param orderAddresses [maker, taker, makerToken, takerToken, feeRecipient].
    /// @param orderValues [makerTokenAmount, takerTokenAmount, makerFee, takerFee, expirationTimestampInSec, salt].
    /// @param fillTakerTokenAmount Desired taker-token amount; more than remains fills the remainder.
    /// @param shouldThrowOnInsufficientBalanceOrAllowance False: probe balances and allowances first and
    ///        log error 3 instead of reverting when one is short.
    /// @param v ECDSA v (27 or 28) of the maker's signature of the prefixed order hash.
    /// @param r ECDSA r.
    /// @param s ECDSA s.
    /// @return filledTakerTokenAmount Taker-token amount filled; 0 after a LogError.
    function fillOrder(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 fillTakerTokenAmount,
        bool shouldThrowOnInsufficientBalanceOrAllowance,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external returns (uint256 filledTakerTokenAmount) {
        return _fillOrder(
            orderAddresses, orderValues, fillTakerTokenAmount, shouldThrowOnInsufficientBalanceOrAllowance, v, r, s
        );
    }

    /// @notice Cancels up to `cancelTakerTokenAmount` of the order's remaining taker-token amount.
    ///         Only the maker may cancel; no signature is needed.
    /// @param orderAddresses [maker, taker, makerToken, takerToken, feeRecipient].
    /// @param orderValues [makerTokenAmount, takerTokenAmount, makerFee, takerFee, expirationTimestampInSec, salt].
    /// @param cancelTakerTokenAmount Desired taker-token amount to cancel.
    /// @return Taker-token amount cancelled; 0 after a LogError.
    function cancelOrder(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 cancelTakerTokenAmount
    ) external returns (uint256) {
        return _cancelOrder(orderAddresses, orderValues, cancelTakerTokenAmount);
    }

    /*
     * Wrapper functions
     */

    /// @notice Fills exactly `fillTakerTokenAmount` or reverts (balances are probed first, as with
    ///         shouldThrowOnInsufficientBalanceOrAllowance = false).
    function fillOrKillOrder(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 fillTakerTokenAmount,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _fillOrKillOrder(orderAddresses, orderValues, fillTakerTokenAmount, v, r, s);
    }

    /// @notice Calls fillOrder for each order; orders that log an error do not stop the batch.
    ///         Parallel arrays shorter than orderAddresses revert.
    function batchFillOrders(
        address[5][] calldata orderAddresses,
        uint256[6][] calldata orderValues,
        uint256[] calldata fillTakerTokenAmounts,
        bool shouldThrowOnInsufficientBalanceOrAllowance,
        uint8[] calldata v,
        bytes32[] calldata r,
        bytes32[] calldata s
    ) external {
        for (uint256 i = 0; i < orderAddresses.length; ++i) {
            _fillOrder(
                orderAddresses[i],
                orderValues[i],
                fillTakerTokenAmounts[i],
                shouldThrowOnInsufficientBalanceOrAllowance,
                v[i],
                r[i],
                s[i]
            );
        }
    }

    /// @notice Calls fillOrKillOrder for each order; any shortfall reverts the whole batch.
    function batchFillOrKillOrders(
        address[5][] calldata orderAddresses,
        uint256[6][] calldata orderValues,
        uint256[] calldata fillTakerTokenAmounts,
        uint8[] calldata v,
        bytes32[] calldata r,
        bytes32[] calldata s
    ) external {
        for (uint256 i = 0; i < orderAddresses.length; ++i) {
            _fillOrKillOrder(orderAddresses[i], orderValues[i], fillTakerTokenAmounts[i], v[i], r[i], s[i]);
        }
    }

    /// @notice Fills the orders in sequence until `fillTakerTokenAmount` taker tokens are filled.
    ///         Every visited order must have the first order's taker token.
    /// @return Total taker-token amount filled (may be less than requested).
    function fillOrdersUpTo(
        address[5][] calldata orderAddresses,
        uint256[6][] calldata orderValues,
        uint256 fillTakerTokenAmount,
        bool shouldThrowOnInsufficientBalanceOrAllowance,
        uint8[] calldata v,
        bytes32[] calldata r,
        bytes32[] calldata s
    ) external returns (uint256) {
        uint256 filledTakerTokenAmount = 0;
        for (uint256 i = 0; i < orderAddresses.length; ++i) {
            if (orderAddresses[i][3] != orderAddresses[0][3]) revert TakerTokenMismatch();
            filledTakerTokenAmount += _fillOrder(
                orderAddresses[i],
                orderValues[i],
                fillTakerTokenAmount - filledTakerTokenAmount,
                shouldThrowOnInsufficientBalanceOrAllowance,
                v[i],
                r[i],
                s[i]
            );
            if (filledTakerTokenAmount == fillTakerTokenAmount) break;
        }
        return filledTakerTokenAmount;
    }

    /// @notice Calls cancelOrder for each order.
    function batchCancelOrders(
        address[5][] calldata orderAddresses,
        uint256[6][] calldata orderValues,
        uint256[] calldata cancelTakerTokenAmounts
    ) external {
        for (uint256 i = 0; i < orderAddresses.length; ++i) {
            _cancelOrder(orderAddresses[i], orderValues[i], cancelTakerTokenAmounts[i]);
        }
    }

    /*
     * Constant public functions
     */

    /// @notice keccak256 of address(this) and the order's fields, tightly packed (312 bytes).
    function getOrderHash(address[5] calldata orderAddresses, uint256[6] calldata orderValues)
        external
        view
        returns (bytes32)
    {
        return _getOrderHash(orderAddresses, orderValues);
    }

    /// @notice Whether `signer` signed `hash` with the "\x19Ethereum Signed Message:\n32" prefix.
    /// @dev As in v1 there is no check that signer != 0 or that s is in the lower half order.
    function isValidSignature(address signer, bytes32 hash, uint8 v, bytes32 r, bytes32 s)
        external
        view
        returns (bool)
    {
        return _isValidSignature(signer, hash, v, r, s);
    }

    /// @notice Whether floor(numerator * target / denominator) is off by more than 0.1 %.
    function isRoundingError(uint256 numerator, uint256 denominator, uint256 target) external pure returns (bool) {
        return _isRoundingError(numerator, denominator, target);
    }

    /// @notice floor(numerator * target / denominator); reverts on overflow or a zero denominator.
    function getPartialAmount(uint256 numerator, uint256 denominator, uint256 target)
        external
        pure
        returns (uint256)
    {
        return numerator * target / denominator;
    }

    /// @notice filled + cancelled taker-token amount of an order.
    function getUnavailableTakerTokenAmount(bytes32 orderHash) external view returns (uint256) {
        return _unavailable[orderHash];
    }

    /// @notice Cumulative taker-token amount filled per order hash.
    function filled(bytes32 orderHash) external view returns (uint256) {
        // cancelled[h] is part of _unavailable[h] by construction.
        unchecked {
            return _unavailable[orderHash] - cancelled[orderHash];
        }
    }

    /*
     * Internal functions
     */

    function _fillOrder(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 fillTakerTokenAmount,
        bool shouldThrowOnInsufficientBalanceOrAllowance,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) private returns (uint256) {
        bytes32 orderHash = _getOrderHash(orderAddresses, orderValues);
        address taker = orderAddresses[1];
        if (taker != address(0) && taker != msg.sender) revert SenderIsNotTaker();
        if (orderValues[0] == 0 || orderValues[1] == 0 || fillTakerTokenAmount == 0) revert ZeroAmount();
        if (!_isValidSignature(orderAddresses[0], orderHash, v, r, s)) revert InvalidSignature();
        return _fill(orderAddresses, orderValues, fillTakerTokenAmount, shouldThrowOnInsufficientBalanceOrAllowance, orderHash);
    }

    /// @dev Steps 5-15 of v1's fillOrder, after the checks that revert.
    function _fill(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 fillTakerTokenAmount,
        bool shouldThrowOnInsufficientBalanceOrAllowance,
        bytes32 orderHash
    ) private returns (uint256 filledTakerTokenAmount) {
        if (block.timestamp >= orderValues[4]) {
            _logError(Errors.ORDER_EXPIRED, orderHash);
            return 0;
        }
        uint256 takerTokenAmount = orderValues[1];
        uint256 unavailable = _unavailable[orderHash];
        // unavailable <= takerTokenAmount always holds (every increment is capped by the remainder).
        unchecked {
            uint256 remaining = takerTokenAmount - unavailable;
            filledTakerTokenAmount = fillTakerTokenAmount < remaining ? fillTakerTokenAmount : remaining;
        }
        if (filledTakerTokenAmount == 0) {
            _logError(Errors.ORDER_FULLY_FILLED_OR_CANCELLED, orderHash);
            return 0;
        }
        if (_isRoundingError(filledTakerTokenAmount, takerTokenAmount, orderValues[0])) {
            _logError(Errors.ROUNDING_ERROR_TOO_LARGE, orderHash);
            return 0;
        }
        // v1 computes this inside isTransferable and again after it; an overflow reverts either way.
        uint256 filledMakerTokenAmount = filledTakerTokenAmount * orderValues[0] / takerTokenAmount;
        if (
            !shouldThrowOnInsufficientBalanceOrAllowance
                && !_isTransferable(orderAddresses, orderValues, filledTakerTokenAmount, filledMakerTokenAmount)
        ) {
            _logError(Errors.INSUFFICIENT_BALANCE_OR_ALLOWANCE, orderHash);
            return 0;
        }
        // State is written before any transfer, as in v1; the new total is at most takerTokenAmount.
        unchecked {
            _unavailable[orderHash] = unavailable + filledTakerTokenAmount;
        }
        _settle(orderAddresses, orderValues, filledTakerTokenAmount, filledMakerTokenAmount, orderHash);
    }

    /// @dev Transfers (maker token, taker token, maker fee, taker fee) and LogFill.
    function _settle(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 filledTakerTokenAmount,
        uint256 filledMakerTokenAmount,
        bytes32 orderHash
    ) private {
        address maker = orderAddresses[0];
        _transferViaProxy(orderAddresses[2], maker, msg.sender, filledMakerTokenAmount);
        _transferViaProxy(orderAddresses[3], msg.sender, maker, filledTakerTokenAmount);
        uint256 paidMakerFee;
        uint256 paidTakerFee;
        address feeRecipient = orderAddresses[4];
        if (feeRecipient != address(0)) {
            uint256 makerFee = orderValues[2];
            if (makerFee > 0) {
                paidMakerFee = filledTakerTokenAmount * makerFee / orderValues[1];
                _transferViaProxy(ZRX_TOKEN_CONTRACT, maker, feeRecipient, paidMakerFee);
            }
            uint256 takerFee = orderValues[3];
            if (takerFee > 0) {
                paidTakerFee = filledTakerTokenAmount * takerFee / orderValues[1];
                _transferViaProxy(ZRX_TOKEN_CONTRACT, msg.sender, feeRecipient, paidTakerFee);
            }
        }
        _logFill(orderAddresses, filledMakerTokenAmount, filledTakerTokenAmount, paidMakerFee, paidTakerFee, orderHash);
    }

    function _fillOrKillOrder(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 fillTakerTokenAmount,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) private {
        uint256 filledTakerTokenAmount = _fillOrder(orderAddresses, orderValues, fillTakerTokenAmount, false, v, r, s);
        if (filledTakerTokenAmount != fillTakerTokenAmount) revert FillOrKillFailed(filledTakerTokenAmount);
    }

    function _cancelOrder(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 cancelTakerTokenAmount
    ) private returns (uint256 cancelledTakerTokenAmount) {
        bytes32 orderHash = _getOrderHash(orderAddresses, orderValues);
        if (orderAddresses[0] != msg.sender) revert SenderIsNotMaker();
        uint256 takerTokenAmount = orderValues[1];
        if (orderValues[0] == 0 || takerTokenAmount == 0 || cancelTakerTokenAmount == 0) revert ZeroAmount();
        if (block.timestamp >= orderValues[4]) {
            _logError(Errors.ORDER_EXPIRED, orderHash);
            return 0;
        }
        uint256 unavailable = _unavailable[orderHash];
        // unavailable <= takerTokenAmount always holds, and so does the new total below.
        unchecked {
            uint256 remaining = takerTokenAmount - unavailable;
            cancelledTakerTokenAmount = cancelTakerTokenAmount < remaining ? cancelTakerTokenAmount : remaining;
            if (cancelledTakerTokenAmount == 0) {
                _logError(Errors.ORDER_FULLY_FILLED_OR_CANCELLED, orderHash);
                return 0;
            }
            _unavailable[orderHash] = unavailable + cancelledTakerTokenAmount;
            cancelled[orderHash] += cancelledTakerTokenAmount;
        }
        emit LogCancel(
            orderAddresses[0],
            orderAddresses[4],
            orderAddresses[2],
            orderAddresses[3],
            cancelledTakerTokenAmount * orderValues[0] / takerTokenAmount,
            cancelledTakerTokenAmount,
            _tokensHash(orderAddresses[2], orderAddresses[3]),
            orderHash
        );
    }

    /// @dev v1's isTransferable: 4999-gas balance/allowance probes, short-circuiting in v1's order,
    ///      with ZRX as maker or taker token needing amount + fee combined.
    function _isTransferable(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 fillTakerTokenAmount,
        uint256 fillMakerTokenAmount
    ) private view returns (bool) {
        address maker = orderAddresses[0];
        address makerToken = orderAddresses[2];
        address takerToken = orderAddresses[3];
        if (orderAddresses[4] == address(0)) {
            return _hasFunds(makerToken, maker, fillMakerTokenAmount)
                && _hasFunds(takerToken, msg.sender, fillTakerTokenAmount);
        }
        address zrx = ZRX_TOKEN_CONTRACT;
        (uint256 requiredMakerZRX, uint256 requiredTakerZRX) =
            _requiredZRX(orderAddresses, orderValues, fillTakerTokenAmount, fillMakerTokenAmount);
        if (!_hasFunds(zrx, maker, requiredMakerZRX) || !_hasFunds(zrx, msg.sender, requiredTakerZRX)) return false;
        if (makerToken != zrx && !_hasFunds(makerToken, maker, fillMakerTokenAmount)) return false;
        if (takerToken != zrx && !_hasFunds(takerToken, msg.sender, fillTakerTokenAmount)) return false;
        return true;
    }

    function _requiredZRX(
        address[5] calldata orderAddresses,
        uint256[6] calldata orderValues,
        uint256 fillTakerTokenAmount,
        uint256 fillMakerTokenAmount
    ) private view returns (uint256 requiredMakerZRX, uint256 requiredTakerZRX) {
        uint256 takerTokenAmount = orderValues[1];
        requiredMakerZRX = fillTakerTokenAmount * orderValues[2] / takerTokenAmount;
        requiredTakerZRX = fillTakerTokenAmount * orderValues[3] / takerTokenAmount;
        if (orderAddresses[2] == ZRX_TOKEN_CONTRACT) requiredMakerZRX += fillMakerTokenAmount;
        if (orderAddresses[3] == ZRX_TOKEN_CONTRACT) requiredTakerZRX += fillTakerTokenAmount;
    }

    /// @dev balanceOf(owner) >= amount && allowance(owner, proxy) >= amount, the allowance probed only
    ///      if the balance suffices. Each probe is a STATICCALL with EXTERNAL_QUERY_GAS_LIMIT gas, so a
    ///      token that writes state (or needs more gas) makes the whole fill revert, as in v1.
    function _hasFunds(address token, address owner, uint256 amount) private view returns (bool ok) {
        address proxy = TOKEN_TRANSFER_PROXY_CONTRACT;
        assembly ("memory-safe") {
            let p := mload(0x40)
            mstore(p, shl(224, 0x70a08231)) // balanceOf(address)
            mstore(add(p, 0x04), owner)
            if iszero(staticcall(EXTERNAL_QUERY_GAS_LIMIT, token, p, 0x24, 0, 0x20)) {
                returndatacopy(p, 0, returndatasize())
                revert(p, returndatasize())
            }
            if lt(returndatasize(), 0x20) { revert(0, 0) }
            if iszero(lt(mload(0), amount)) {
                mstore(p, shl(224, 0xdd62ed3e)) // allowance(address,address)
                mstore(add(p, 0x04), owner)
                mstore(add(p, 0x24), proxy)
                if iszero(staticcall(EXTERNAL_QUERY_GAS_LIMIT, token, p, 0x44, 0, 0x20)) {
                    returndatacopy(p, 0, returndatasize())
                    revert(p, returndatasize())
                }
                if lt(returndatasize(), 0x20) { revert(0, 0) }
                ok := iszero(lt(mload(0), amount))
            }
        }
    }

    function _transferViaProxy(address token, address from, address to, uint256 value) private {
        address proxy = TOKEN_TRANSFER_PROXY_CONTRACT;
        bool ok;
        assembly ("memory-safe") {
            let p := mload(0x40)
            mstore(p, shl(224, 0x15dacbea)) // transferFrom(address,address,address,uint256)
            mstore(add(p, 0x04), token)
            mstore(add(p, 0x24), from)
            mstore(add(p, 0x44), to)
            mstore(add(p, 0x64), value)
            if iszero(call(gas(), proxy, 0, p, 0x84, 0, 0x20)) {
                returndatacopy(p, 0, returndatasize())
                revert(p, returndatasize())
            }
            ok := and(iszero(lt(returndatasize(), 0x20)), iszero(iszero(mload(0))))
        }
        if (!ok) revert TransferFailed();
    }

    function _getOrderHash(address[5] calldata orderAddresses, uint256[6] calldata orderValues)
        private
        view
        returns (bytes32 orderHash)
    {
        // Tight packing of six 20-byte addresses then six 32-byte words; each mstore's low 12 bytes are
        // overwritten by the next one. Addresses are cleaned by the shift, like v1's decoder did.
        assembly ("memory-safe") {
            let p := mload(0x40)
            mstore(p, shl(96, address()))
            mstore(add(p, 20), shl(96, calldataload(orderAddresses)))
            mstore(add(p, 40), shl(96, calldataload(add(orderAddresses, 0x20))))
            mstore(add(p, 60), shl(96, calldataload(add(orderAddresses, 0x40))))
            mstore(add(p, 80), shl(96, calldataload(add(orderAddresses, 0x60))))
            mstore(add(p, 100), shl(96, calldataload(add(orderAddresses, 0x80))))
            calldatacopy(add(p, 120), orderValues, 192)
            orderHash := keccak256(p, 312)
        }
    }

    function _isValidSignature(address signer, bytes32 hash, uint8 v, bytes32 r, bytes32 s)
        private
        view
        returns (bool valid)
    {
        assembly ("memory-safe") {
            // "\x19Ethereum Signed Message:\n32" (28 bytes) followed by the hash.
            mstore(0, 0x19457468657265756d205369676e6564204d6573736167653a0a333200000000)
            mstore(28, hash)
            let p := mload(0x40)
            mstore(p, keccak256(0, 60))
            mstore(add(p, 0x20), v)
            mstore(add(p, 0x40), r)
            mstore(add(p, 0x60), s)
            // ecrecover returns no data for an invalid signature; then the recovered address is 0.
            mstore(0, 0)
            pop(staticcall(gas(), 1, p, 0x80, 0, 0x20))
            valid := eq(mload(0), signer)
        }
    }

    function _isRoundingError(uint256 numerator, uint256 denominator, uint256 target) private pure returns (bool) {
        uint256 remainder;
        // Raw mulmod: a zero denominator yields 0 (no error), as in v1, instead of Solidity's panic.
        assembly {
            remainder := mulmod(target, numerator, denominator)
        }
        if (remainder == 0) return false;
        return remainder * 1000000 / (numerator * target) > 1000;
    }

    function _tokensHash(address makerToken, address takerToken) private pure returns (bytes32 tokens) {
        assembly ("memory-safe") {
            mstore(0, shl(96, makerToken))
            mstore(20, shl(96, takerToken))
            tokens := keccak256(0, 40)
        }
    }

    function _logError(Errors errorId, bytes32 orderHash) private {
        bytes32 topic = LogError.selector;
        assembly ("memory-safe") {
            log3(0, 0, topic, errorId, orderHash)
        }
    }

    function _logFill(
        address[5] calldata orderAddresses,
        uint256 filledMakerTokenAmount,
        uint256 filledTakerTokenAmount,
        uint256 paidMakerFee,
        uint256 paidTakerFee,
        bytes32 orderHash
    ) private {
        bytes32 topic = LogFill.selector;
        assembly ("memory-safe") {
            let makerToken := and(calldataload(add(orderAddresses, 0x40)), 0xffffffffffffffffffffffffffffffffffffffff)
            let takerToken := and(calldataload(add(orderAddresses, 0x60)), 0xffffffffffffffffffffffffffffffffffffffff)
            mstore(0, shl(96, makerToken))
            mstore(20, shl(96, takerToken))
            let tokens := keccak256(0, 40)
            let p := mload(0x40)
            mstore(p, caller())
            mstore(add(p, 0x20), makerToken)
            mstore(add(p, 0x40), takerToken)
            mstore(add(p, 0x60), filledMakerTokenAmount)
            mstore(add(p, 0x80), filledTakerTokenAmount)
            mstore(add(p, 0xa0), paidMakerFee)
            mstore(add(p, 0xc0), paidTakerFee)
            mstore(add(p, 0xe0), orderHash)
            log4(
                p,
                0x100,
                topic,
                and(calldataload(orderAddresses), 0xffffffffffffffffffffffffffffffffffffffff),
                and(calldataload(add(orderAddresses, 0x80)), 0xffffffffffffffffffffffffffffffffffffffff),
                tokens
            )
        }
    }
}
