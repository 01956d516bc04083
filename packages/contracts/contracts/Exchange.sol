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

    /// @dev Filled (low 128 bits) and cancelled (high 128 bits) taker-token amounts per order hash, for
    ///      orders whose takerTokenAmount is below 2^128, i.e. all but absurd ones: a fill or a cancel
    ///      then reads and writes a single slot. Both parts are bounded by takerTokenAmount, so neither
    ///      can overflow into the other. The hash fixes takerTokenAmount, so an order always uses the
    ///      same representation.
    mapping(bytes32 => uint256) private _filledAndCancelled;
    /// @dev Filled amounts of orders with takerTokenAmount >= 2^128.
    mapping(bytes32 => uint256) private _filledLarge;
    /// @dev Cancelled amounts of orders with takerTokenAmount >= 2^128.
    mapping(bytes32 => uint256) private _cancelledLarge;

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

    // Literal copies for inline assembly; the tests check them against the events' topics.
    uint256 private constant LOG_FILL_TOPIC = 0x0d0b9391970d9a25552f37d436d2aae2925e2bfe1b2a923754bada030c498cb3;
    uint256 private constant LOG_ERROR_TOPIC = 0x36d86c59e00bd73dc19ba3adfe068e4b64ac7e92be35546adeddf1b956a87e90;
    uint256 private constant ADDRESS_MASK = 0x00ffffffffffffffffffffffffffffffffffffffff;
    // "\x19Ethereum Signed Message:\n32", left-aligned (28 bytes).
    uint256 private constant PERSONAL_MESSAGE_PREFIX =
        0x19457468657265756d205369676e6564204d6573736167653a0a333200000000;

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
        uint256 packed = _filledAndCancelled[orderHash];
        return uint128(packed) + (packed >> 128) + _filledLarge[orderHash] + _cancelledLarge[orderHash];
    }

    /// @notice Cumulative taker-token amount filled per order hash.
    function filled(bytes32 orderHash) external view returns (uint256) {
        return uint128(_filledAndCancelled[orderHash]) + _filledLarge[orderHash];
    }

    /// @notice Cumulative taker-token amount cancelled per order hash.
    function cancelled(bytes32 orderHash) external view returns (uint256) {
        return (_filledAndCancelled[orderHash] >> 128) + _cancelledLarge[orderHash];
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
    ) private returns (uint256 filledTakerTokenAmount) {
        address zrx = ZRX_TOKEN_CONTRACT;
        address proxy = TOKEN_TRANSFER_PROXY_CONTRACT;
        bool shouldThrow = shouldThrowOnInsufficientBalanceOrAllowance;
        assembly ("memory-safe") {
            function panicOverflow() {
                mstore(0, shl(224, 0x4e487b71)) // Panic(uint256)
                mstore(4, 0x11)
                revert(0, 0x24)
            }
            function checkedMul(a, b) -> product {
                product := mul(a, b)
                if iszero(or(iszero(a), eq(div(product, a), b))) { panicOverflow() }
            }
            function checkedAdd(a, b) -> sum {
                sum := add(a, b)
                if lt(sum, a) { panicOverflow() }
            }
            function bubbleRevert(ptr) {
                returndatacopy(ptr, 0, returndatasize())
                revert(ptr, returndatasize())
            }
            // balanceOf(owner) >= amount && allowance(owner, spender) >= amount, the allowance probed
            // only if the balance suffices. 4999-gas STATICCALLs: a token that writes state (or needs
            // more gas) reverts the fill, as in v1.
            function funded(token, owner, amount, spender) -> ok {
                let ptr := mload(0x40)
                mstore(ptr, shl(224, 0x70a08231)) // balanceOf(address)
                mstore(add(ptr, 0x04), owner)
                if iszero(and(gt(returndatasize(), 0x1f), staticcall(EXTERNAL_QUERY_GAS_LIMIT, token, ptr, 0x24, 0, 0x20))) {
                    bubbleRevert(ptr)
                }
                if iszero(lt(mload(0), amount)) {
                    mstore(ptr, shl(224, 0xdd62ed3e)) // allowance(address,address)
                    mstore(add(ptr, 0x04), owner)
                    mstore(add(ptr, 0x24), spender)
                    if iszero(and(gt(returndatasize(), 0x1f), staticcall(EXTERNAL_QUERY_GAS_LIMIT, token, ptr, 0x44, 0, 0x20))) {
                        bubbleRevert(ptr)
                    }
                    ok := iszero(lt(mload(0), amount))
                }
            }
            // TokenTransferProxy.transferFrom(token, from, to, value); reverts unless it returns true.
            function transferViaProxy(tokenTransferProxy, token, from, to, value) {
                let ptr := mload(0x40)
                mstore(ptr, shl(224, 0x15dacbea)) // transferFrom(address,address,address,uint256)
                mstore(add(ptr, 0x04), token)
                mstore(add(ptr, 0x24), from)
                mstore(add(ptr, 0x44), to)
                mstore(add(ptr, 0x64), value)
                if iszero(call(gas(), tokenTransferProxy, 0, ptr, 0x84, 0, 0x20)) { bubbleRevert(ptr) }
                if or(lt(returndatasize(), 0x20), iszero(mload(0))) { revertTransferFailed() }
            }
            function revertTransferFailed() {
                mstore(0, shl(224, 0x90b8ec18)) // TransferFailed()
                revert(0, 4)
            }

            // Steps 1 and 4 repeat _getOrderHash and _isValidSignature inline (an internal call costs
            // more than the code); the vector tests check the view functions and fills alike.
            // Step 1: orderHash = keccak256 of address(this) and the order, tightly packed (312 bytes).
            let ptr := mload(0x40)
            let maker := and(calldataload(orderAddresses), ADDRESS_MASK)
            let taker := and(calldataload(add(orderAddresses, 0x20)), ADDRESS_MASK)
            mstore(ptr, shl(96, address()))
            mstore(add(ptr, 20), shl(96, maker))
            mstore(add(ptr, 40), shl(96, taker))
            mstore(add(ptr, 60), shl(96, calldataload(add(orderAddresses, 0x40))))
            mstore(add(ptr, 80), shl(96, calldataload(add(orderAddresses, 0x60))))
            mstore(add(ptr, 100), shl(96, calldataload(add(orderAddresses, 0x80))))
            calldatacopy(add(ptr, 120), orderValues, 192)
            let orderHash := keccak256(ptr, 312)
            // Step 2: a named taker must be the sender.
            if and(iszero(iszero(taker)), iszero(eq(taker, caller()))) {
                mstore(0, shl(224, 0x2fc1c672)) // SenderIsNotTaker()
                revert(0, 4)
            }
            // Step 3: non-zero amounts.
            let makerTokenAmount := calldataload(orderValues)
            let takerTokenAmount := calldataload(add(orderValues, 0x20))
            if or(or(iszero(makerTokenAmount), iszero(takerTokenAmount)), iszero(fillTakerTokenAmount)) {
                mstore(0, shl(224, 0x1f2a2005)) // ZeroAmount()
                revert(0, 4)
            }
            // Step 4: the maker signed "\x19Ethereum Signed Message:\n32" ++ orderHash.
            mstore(0, PERSONAL_MESSAGE_PREFIX)
            mstore(28, orderHash)
            mstore(ptr, keccak256(0, 60))
            mstore(add(ptr, 0x20), v)
            mstore(add(ptr, 0x40), r)
            mstore(add(ptr, 0x60), s)
            mstore(0, 0) // ecrecover returns no data for an invalid signature: recovered address 0
            pop(staticcall(gas(), 1, ptr, 0x80, 0, 0x20))
            if iszero(eq(mload(0), maker)) {
                mstore(0, shl(224, 0x8baa579f)) // InvalidSignature()
                revert(0, 4)
            }

            // Steps 5-8 as nested blocks: errorId ends at the first LogError code that applies, or 4.
            // The slot the fill adds to and its current value:
            let slot := 0
            let stored := 0
            let filledMakerTokenAmount := 0
            let makerToken := and(calldataload(add(orderAddresses, 0x40)), ADDRESS_MASK)
            let takerToken := and(calldataload(add(orderAddresses, 0x60)), ADDRESS_MASK)
            let feeRecipient := and(calldataload(add(orderAddresses, 0x80)), ADDRESS_MASK)
            let errorId := 0 // ORDER_EXPIRED
            if lt(timestamp(), calldataload(add(orderValues, 0x80))) {
                errorId := 1 // ORDER_FULLY_FILLED_OR_CANCELLED
                let unavailable := 0 // filled + cancelled
                mstore(0, orderHash)
                switch lt(takerTokenAmount, 0x100000000000000000000000000000000)
                case 1 {
                    mstore(0x20, _filledAndCancelled.slot)
                    slot := keccak256(0, 0x40)
                    stored := sload(slot)
                    unavailable := add(and(stored, 0xffffffffffffffffffffffffffffffff), shr(128, stored))
                }
                default {
                    mstore(0x20, _cancelledLarge.slot)
                    let cancelledAmount := sload(keccak256(0, 0x40))
                    mstore(0x20, _filledLarge.slot)
                    slot := keccak256(0, 0x40)
                    stored := sload(slot)
                    unavailable := add(stored, cancelledAmount)
                }
                // Cannot underflow: filled + cancelled never exceeds the order's takerTokenAmount.
                let remaining := sub(takerTokenAmount, unavailable)
                filledTakerTokenAmount := fillTakerTokenAmount
                if lt(remaining, fillTakerTokenAmount) { filledTakerTokenAmount := remaining }
                if filledTakerTokenAmount {
                    errorId := 2 // ROUNDING_ERROR_TOO_LARGE
                    // isRoundingError(filled, takerTokenAmount, makerTokenAmount): an error iff truncating
                    // filled * makerTokenAmount / takerTokenAmount loses more than 0.1 %.
                    let product := checkedMul(filledTakerTokenAmount, makerTokenAmount)
                    let remainder := mulmod(makerTokenAmount, filledTakerTokenAmount, takerTokenAmount)
                    let roundingError := 0
                    if remainder { roundingError := gt(div(checkedMul(remainder, 1000000), product), 1000) }
                    if iszero(roundingError) {
                        errorId := 3 // INSUFFICIENT_BALANCE_OR_ALLOWANCE
                        filledMakerTokenAmount := div(product, takerTokenAmount)
                        let ok := shouldThrow
                        if iszero(ok) {
                            // isTransferable, probing in v1's order and stopping at the first shortfall.
                            switch feeRecipient
                            case 0 {
                                // The common case, written out: funded(makerToken, maker) && funded(takerToken, taker).
                                // Arguments evaluate right to left, so each call runs before returndatasize is read.
                                mstore(ptr, shl(224, 0x70a08231)) // balanceOf(address)
                                mstore(add(ptr, 0x04), maker)
                                if iszero(and(gt(returndatasize(), 0x1f), staticcall(EXTERNAL_QUERY_GAS_LIMIT, makerToken, ptr, 0x24, 0, 0x20))) {
                                    bubbleRevert(ptr)
                                }
                                if iszero(lt(mload(0), filledMakerTokenAmount)) {
                                    mstore(ptr, shl(224, 0xdd62ed3e)) // allowance(address,address)
                                    mstore(add(ptr, 0x04), maker)
                                    mstore(add(ptr, 0x24), proxy)
                                    if iszero(and(gt(returndatasize(), 0x1f), staticcall(EXTERNAL_QUERY_GAS_LIMIT, makerToken, ptr, 0x44, 0, 0x20))) {
                                        bubbleRevert(ptr)
                                    }
                                    if iszero(lt(mload(0), filledMakerTokenAmount)) {
                                        mstore(ptr, shl(224, 0x70a08231))
                                        mstore(add(ptr, 0x04), caller())
                                        if iszero(and(gt(returndatasize(), 0x1f), staticcall(EXTERNAL_QUERY_GAS_LIMIT, takerToken, ptr, 0x24, 0, 0x20))) {
                                            bubbleRevert(ptr)
                                        }
                                        if iszero(lt(mload(0), filledTakerTokenAmount)) {
                                            mstore(ptr, shl(224, 0xdd62ed3e))
                                            mstore(add(ptr, 0x04), caller())
                                            mstore(add(ptr, 0x24), proxy)
                                            if iszero(and(gt(returndatasize(), 0x1f), staticcall(EXTERNAL_QUERY_GAS_LIMIT, takerToken, ptr, 0x44, 0, 0x20))) {
                                                bubbleRevert(ptr)
                                            }
                                            ok := iszero(lt(mload(0), filledTakerTokenAmount))
                                        }
                                    }
                                }
                            }
                            default {
                                let makerFeeShare := checkedMul(filledTakerTokenAmount, calldataload(add(orderValues, 0x40)))
                                let takerFeeShare := checkedMul(filledTakerTokenAmount, calldataload(add(orderValues, 0x60)))
                                let requiredMakerZRX := div(makerFeeShare, takerTokenAmount)
                                let requiredTakerZRX := div(takerFeeShare, takerTokenAmount)
                                let makerTokenIsZRX := eq(makerToken, zrx)
                                let takerTokenIsZRX := eq(takerToken, zrx)
                                if makerTokenIsZRX { requiredMakerZRX := checkedAdd(filledMakerTokenAmount, requiredMakerZRX) }
                                if takerTokenIsZRX { requiredTakerZRX := checkedAdd(filledTakerTokenAmount, requiredTakerZRX) }
                                ok := funded(zrx, maker, requiredMakerZRX, proxy)
                                if ok { ok := funded(zrx, caller(), requiredTakerZRX, proxy) }
                                if and(ok, iszero(makerTokenIsZRX)) {
                                    ok := funded(makerToken, maker, filledMakerTokenAmount, proxy)
                                }
                                if and(ok, iszero(takerTokenIsZRX)) {
                                    ok := funded(takerToken, caller(), filledTakerTokenAmount, proxy)
                                }
                            }
                        }
                        if ok { errorId := 4 } // no error
                    }
                }
            }

            switch errorId
            case 4 {
                // State before transfers, as in v1. The filled part (the low half of a packed slot) stays
                // at most takerTokenAmount, so it cannot carry into the cancelled half.
                sstore(slot, add(stored, filledTakerTokenAmount))
                // transferViaProxy for the two trade legs, written out (maker -> taker, taker -> maker).
                mstore(ptr, shl(224, 0x15dacbea))
                mstore(add(ptr, 0x04), makerToken)
                mstore(add(ptr, 0x24), maker)
                mstore(add(ptr, 0x44), caller())
                mstore(add(ptr, 0x64), filledMakerTokenAmount)
                if iszero(call(gas(), proxy, 0, ptr, 0x84, 0, 0x20)) { bubbleRevert(ptr) }
                if or(lt(returndatasize(), 0x20), iszero(mload(0))) { revertTransferFailed() }
                mstore(add(ptr, 0x04), takerToken)
                mstore(add(ptr, 0x24), caller())
                mstore(add(ptr, 0x44), maker)
                mstore(add(ptr, 0x64), filledTakerTokenAmount)
                if iszero(call(gas(), proxy, 0, ptr, 0x84, 0, 0x20)) { bubbleRevert(ptr) }
                if or(lt(returndatasize(), 0x20), iszero(mload(0))) { revertTransferFailed() }
                let paidMakerFee := 0
                let paidTakerFee := 0
                if feeRecipient {
                    let makerFee := calldataload(add(orderValues, 0x40))
                    if makerFee {
                        paidMakerFee := div(checkedMul(filledTakerTokenAmount, makerFee), takerTokenAmount)
                        transferViaProxy(proxy, zrx, maker, feeRecipient, paidMakerFee)
                    }
                    let takerFee := calldataload(add(orderValues, 0x60))
                    if takerFee {
                        paidTakerFee := div(checkedMul(filledTakerTokenAmount, takerFee), takerTokenAmount)
                        transferViaProxy(proxy, zrx, caller(), feeRecipient, paidTakerFee)
                    }
                }
                // LogFill(maker, taker, feeRecipient, makerToken, takerToken, filledMakerTokenAmount,
                //         filledTakerTokenAmount, paidMakerFee, paidTakerFee, tokens, orderHash)
                mstore(0, shl(96, makerToken))
                mstore(20, shl(96, takerToken))
                let tokens := keccak256(0, 40)
                mstore(ptr, caller())
                mstore(add(ptr, 0x20), makerToken)
                mstore(add(ptr, 0x40), takerToken)
                mstore(add(ptr, 0x60), filledMakerTokenAmount)
                mstore(add(ptr, 0x80), filledTakerTokenAmount)
                mstore(add(ptr, 0xa0), paidMakerFee)
                mstore(add(ptr, 0xc0), paidTakerFee)
                mstore(add(ptr, 0xe0), orderHash)
                log4(ptr, 0x100, LOG_FILL_TOPIC, maker, feeRecipient, tokens)
            }
            default {
                log3(0, 0, LOG_ERROR_TOPIC, errorId, orderHash)
                filledTakerTokenAmount := 0
            }
        }
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
        bool packed = takerTokenAmount < 1 << 128;
        uint256 stored = packed ? _filledAndCancelled[orderHash] : 0;
        // filled + cancelled never exceeds takerTokenAmount, before or after this cancel, so nothing here
        // overflows or underflows and the cancelled half of a packed slot stays below 2^128.
        unchecked {
            uint256 unavailable = packed
                ? uint128(stored) + (stored >> 128)
                : _filledLarge[orderHash] + _cancelledLarge[orderHash];
            uint256 remaining = takerTokenAmount - unavailable;
            cancelledTakerTokenAmount = cancelTakerTokenAmount < remaining ? cancelTakerTokenAmount : remaining;
            if (cancelledTakerTokenAmount == 0) {
                _logError(Errors.ORDER_FULLY_FILLED_OR_CANCELLED, orderHash);
                return 0;
            }
            if (packed) _filledAndCancelled[orderHash] = stored + (cancelledTakerTokenAmount << 128);
            else _cancelledLarge[orderHash] += cancelledTakerTokenAmount;
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
            mstore(0, PERSONAL_MESSAGE_PREFIX)
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
        assembly ("memory-safe") {
            log3(0, 0, LOG_ERROR_TOPIC, errorId, orderHash)
        }
    }

}
