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
    /// @dev The address the transfers call: the proxy, or 0 for a proxy v1 could not call (constructor).
    address private immutable _proxyTarget;

    // Filled (low 128 bits) and cancelled (high 128 bits) taker-token amounts of an order whose
    // takerTokenAmount is below 2^128, i.e. of all but absurd orders, live at the storage slot whose
    // number is the order hash: a fill or a cancel reads and writes that one slot without hashing a
    // mapping key. Both parts are bounded by takerTokenAmount, so neither can overflow into the other.
    // The hash fixes takerTokenAmount, so an order always uses the same representation. An order hash
    // is a keccak256 of 312 bytes and cannot meet the slots below (0, 1 and hashes of 64 bytes).

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
    uint256 private constant PACKED_LIMIT = 1 << 128;
    // Token addresses up to this may be precompiles, which answer calls without having code (see
    // requireCode in _fillOrder).
    uint256 private constant LOW_ADDRESS_MAX = 0xffff;
    // "\x19Ethereum Signed Message:\n32", left-aligned (28 bytes).
    uint256 private constant PERSONAL_MESSAGE_PREFIX =
        0x19457468657265756d205369676e6564204d6573736167653a0a333200000000;

    /// @param _zrxToken The fee token (ZRX).
    /// @param _tokenTransferProxy The TokenTransferProxy that must authorise this Exchange.
    constructor(address _zrxToken, address _tokenTransferProxy) {
        ZRX_TOKEN_CONTRACT = _zrxToken;
        TOKEN_TRANSFER_PROXY_CONTRACT = _tokenTransferProxy;
        // v1 checked the proxy's code before each call to it (see requireCode in _fillOrder). Only a
        // codeless low address answers without code, and it never gets code (no CREATE lands there),
        // so the check is made once, here: such a proxy is replaced by the null address, whose empty
        // answer fails every transfer's 32-byte check, as v1's calls threw.
        _proxyTarget =
            uint160(_tokenTransferProxy) <= LOW_ADDRESS_MAX && _tokenTransferProxy.code.length == 0
                ? address(0)
                : _tokenTransferProxy;
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
        uint256 packed = _packed(orderHash);
        return uint128(packed) + (packed >> 128) + _filledLarge[orderHash] + _cancelledLarge[orderHash];
    }

    /// @notice Cumulative taker-token amount filled per order hash.
    function filled(bytes32 orderHash) external view returns (uint256) {
        return uint128(_packed(orderHash)) + _filledLarge[orderHash];
    }

    /// @notice Cumulative taker-token amount cancelled per order hash.
    function cancelled(bytes32 orderHash) external view returns (uint256) {
        return (_packed(orderHash) >> 128) + _cancelledLarge[orderHash];
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
        address proxyTarget = _proxyTarget;
        bool shouldThrow = shouldThrowOnInsufficientBalanceOrAllowance;
        // Every trade pays for this path, so it is one assembly block: calldata read in place, each
        // token call encoded by hand, checked arithmetic only where v1's SafeMath could throw, and the
        // common case (no fee recipient) written out where the optimizer would call shared code.
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
            function logError(errorId, orderHash) {
                log3(0, 0, LOG_ERROR_TOPIC, errorId, orderHash)
            }
            // Step 8's LogError; returns the fill's result, 0.
            function insufficient(orderHash) -> zero {
                logError(3, orderHash) // INSUFFICIENT_BALANCE_OR_ALLOWANCE
            }
            // v1 called every token (and the proxy) with a 0.4 high-level call, which throws when the
            // callee has no code. A codeless address answers a CALL with success and no data, which
            // fails the 32-byte check each of these calls makes anyway; only the precompiles answer
            // with data, and they all sit at low addresses, so only there is EXTCODESIZE needed.
            function requireCode(target) {
                if iszero(gt(target, LOW_ADDRESS_MAX)) {
                    if iszero(extcodesize(target)) { revert(0, 0) }
                }
            }
            // The first call to a token in the written-out probes failed, answered short, or went to
            // a low address: revert unless it answered 32 bytes and has code (requireCode after the
            // fact; a precompile's answer changes nothing, so calling it first is not observable).
            function checkFirstAnswer(p, success, token) {
                if iszero(and(success, gt(returndatasize(), 0x1f))) { bubbleRevert(p) }
                requireCode(token)
            }
            // Calldata of the token calls is built at q: the selector right-aligned in the word at q
            // (so the call starts at q + 28) and the arguments in the words after it, so a second
            // call with another selector or other arguments rewrites only what changes.
            //
            // v1's Token(token).balanceOf.gas(4999)(owner) / .allowance.gas(4999)(owner, proxy): a
            // plain CALL, as in v1 (a token may rewrite a slot or log within the 4,999 gas, which a
            // STATICCALL would refuse); at least 32 bytes back, the first word used. A failed call or
            // a short answer reverts with whatever the token returned. Arguments evaluate right to
            // left, so the call runs before returndatasize is read.
            function query(q, size, token) -> value {
                if iszero(and(gt(returndatasize(), 0x1f), call(EXTERNAL_QUERY_GAS_LIMIT, token, 0, add(q, 28), size, 0, 0x20))) {
                    bubbleRevert(q)
                }
                value := mload(0)
            }
            // balanceOf(owner) >= amount && allowance(owner, spender) >= amount, the allowance asked
            // only if the balance suffices (v1's short-circuit order).
            function funded(q, token, owner, amount, spender) -> ok {
                requireCode(token)
                mstore(q, 0x70a08231) // balanceOf(address)
                mstore(add(q, 0x20), owner)
                if iszero(lt(query(q, 0x24, token), amount)) {
                    mstore(q, 0xdd62ed3e) // allowance(address,address)
                    mstore(add(q, 0x40), spender)
                    ok := iszero(lt(query(q, 0x44, token), amount))
                }
            }
            // require(TokenTransferProxy.transferFrom(token, from, to, value)).
            function transferViaProxy(q, tokenTransferProxy, token, from, to, value) {
                mstore(q, 0x15dacbea) // transferFrom(address,address,address,uint256)
                mstore(add(q, 0x20), token)
                mstore(add(q, 0x40), from)
                mstore(add(q, 0x60), to)
                mstore(add(q, 0x80), value)
                if iszero(call(gas(), tokenTransferProxy, 0, add(q, 28), 0x84, 0, 0x20)) { bubbleRevert(q) }
                if or(lt(returndatasize(), 0x20), iszero(mload(0))) { revertTransferFailed() }
            }
            function revertTransferFailed() {
                mstore(0, shl(224, 0x90b8ec18)) // TransferFailed()
                revert(0, 4)
            }
            // A proxy call reverted (bubble its data) or did not answer true.
            function transferFailed(p, success) {
                if iszero(success) { bubbleRevert(p) }
                revertTransferFailed()
            }

            // Steps 1 and 4 repeat _getOrderHash and _isValidSignature inline (an internal call costs
            // more than the code); the vector tests check the view functions and fills alike.
            // Step 1: orderHash = keccak256 of address(this) and the order, tightly packed (312 bytes).
            // Addresses are cleaned by the shift, like v1's decoder did.
            let p := mload(0x40)
            let maker := and(calldataload(orderAddresses), ADDRESS_MASK)
            let taker := and(calldataload(add(orderAddresses, 0x20)), ADDRESS_MASK)
            mstore(p, shl(96, address()))
            mstore(add(p, 20), shl(96, calldataload(orderAddresses)))
            mstore(add(p, 40), shl(96, calldataload(add(orderAddresses, 0x20))))
            mstore(add(p, 60), shl(96, calldataload(add(orderAddresses, 0x40))))
            mstore(add(p, 80), shl(96, calldataload(add(orderAddresses, 0x60))))
            mstore(add(p, 100), shl(96, calldataload(add(orderAddresses, 0x80))))
            calldatacopy(add(p, 120), orderValues, 192)
            let orderHash := keccak256(p, 312)
            // Step 2: a named taker must be the sender.
            if taker {
                if iszero(eq(taker, caller())) {
                    mstore(0, shl(224, 0x2fc1c672)) // SenderIsNotTaker()
                    revert(0, 4)
                }
            }
            // Step 3: non-zero amounts.
            let takerTokenAmount := calldataload(add(orderValues, 0x20))
            if or(or(iszero(calldataload(orderValues)), iszero(takerTokenAmount)), iszero(fillTakerTokenAmount)) {
                mstore(0, shl(224, 0x1f2a2005)) // ZeroAmount()
                revert(0, 4)
            }
            // Step 4: the maker signed "\x19Ethereum Signed Message:\n32" ++ orderHash.
            mstore(0, PERSONAL_MESSAGE_PREFIX)
            mstore(28, orderHash)
            mstore(p, keccak256(0, 60))
            mstore(add(p, 0x20), v)
            mstore(add(p, 0x40), r)
            mstore(add(p, 0x60), s)
            mstore(0, 0) // ecrecover returns no data for an invalid signature: recovered address 0
            pop(staticcall(gas(), 1, p, 0x80, 0, 0x20))
            if iszero(eq(mload(0), maker)) {
                mstore(0, shl(224, 0x8baa579f)) // InvalidSignature()
                revert(0, 4)
            }

            // Steps 5-15 run once; each LogError case logs, leaves 0 as the result and breaks out.
            for {} 1 {} {
                // Step 5: expiry.
                if iszero(lt(timestamp(), calldataload(add(orderValues, 0x80)))) {
                    logError(0, orderHash) // ORDER_EXPIRED
                    break
                }
                // Step 6: clip to what remains. The slot the fill adds to and its current value; the
                // packed slot is read first, as nearly every order uses it (for the others it is 0).
                let slot := orderHash
                let stored := sload(orderHash)
                let unavailable := add(and(stored, 0xffffffffffffffffffffffffffffffff), shr(128, stored)) // filled + cancelled
                if iszero(lt(takerTokenAmount, PACKED_LIMIT)) {
                    mstore(0, orderHash)
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
                if iszero(filledTakerTokenAmount) {
                    logError(1, orderHash) // ORDER_FULLY_FILLED_OR_CANCELLED
                    break
                }
                // Step 7: isRoundingError(filled, takerTokenAmount, makerTokenAmount), an error iff
                // truncating filled * makerTokenAmount / takerTokenAmount loses more than 0.1 %. Every
                // product v1 computes here and in steps 8-9 with safeMul is checked (filled > 0 here).
                let makerTokenAmount := calldataload(orderValues)
                let product := mul(filledTakerTokenAmount, makerTokenAmount)
                if iszero(eq(div(product, filledTakerTokenAmount), makerTokenAmount)) { panicOverflow() }
                let remainder := mulmod(makerTokenAmount, filledTakerTokenAmount, takerTokenAmount)
                if remainder {
                    if gt(div(checkedMul(remainder, 1000000), product), 1000) {
                        filledTakerTokenAmount := 0
                        logError(2, orderHash) // ROUNDING_ERROR_TOO_LARGE
                        break
                    }
                }
                let filledMakerTokenAmount := div(product, takerTokenAmount)
                let makerToken := and(calldataload(add(orderAddresses, 0x40)), ADDRESS_MASK)
                let takerToken := and(calldataload(add(orderAddresses, 0x60)), ADDRESS_MASK)
                let feeRecipient := and(calldataload(add(orderAddresses, 0x80)), ADDRESS_MASK)
                // Step 8: isTransferable, probing in v1's order and stopping at the first shortfall.
                if iszero(shouldThrow) {
                    switch feeRecipient
                    case 0 {
                        // funded(makerToken, maker) && funded(takerToken, taker), written out (the
                        // optimizer would call shared code). The calldata is built at 0x1c: in the
                        // scratch space for balanceOf, over the free memory pointer for allowance (put
                        // back before leaving; the compiler keeps no variables there). requireCode is
                        // folded into the check of each token's first answer, so a normal token
                        // address costs one comparison there.
                        mstore(0, 0x70a08231) // balanceOf(address)
                        mstore(0x20, maker)
                        let success := call(EXTERNAL_QUERY_GAS_LIMIT, makerToken, 0, 0x1c, 0x24, 0, 0x20)
                        if iszero(and(and(success, gt(returndatasize(), 0x1f)), gt(makerToken, LOW_ADDRESS_MAX))) {
                            checkFirstAnswer(p, success, makerToken)
                        }
                        if lt(mload(0), filledMakerTokenAmount) {
                            filledTakerTokenAmount := insufficient(orderHash)
                            break
                        }
                        mstore(0, 0xdd62ed3e) // allowance(address,address); the maker is still at 0x20
                        mstore(0x40, proxy)
                        if iszero(and(gt(returndatasize(), 0x1f), call(EXTERNAL_QUERY_GAS_LIMIT, makerToken, 0, 0x1c, 0x44, 0, 0x20))) {
                            bubbleRevert(p)
                        }
                        if lt(mload(0), filledMakerTokenAmount) {
                            mstore(0x40, p)
                            filledTakerTokenAmount := insufficient(orderHash)
                            break
                        }
                        mstore(0, 0x70a08231)
                        mstore(0x20, caller())
                        success := call(EXTERNAL_QUERY_GAS_LIMIT, takerToken, 0, 0x1c, 0x24, 0, 0x20)
                        if iszero(and(and(success, gt(returndatasize(), 0x1f)), gt(takerToken, LOW_ADDRESS_MAX))) {
                            checkFirstAnswer(p, success, takerToken)
                        }
                        if lt(mload(0), filledTakerTokenAmount) {
                            mstore(0x40, p)
                            filledTakerTokenAmount := insufficient(orderHash)
                            break
                        }
                        mstore(0, 0xdd62ed3e) // the proxy is still the second argument
                        if iszero(and(gt(returndatasize(), 0x1f), call(EXTERNAL_QUERY_GAS_LIMIT, takerToken, 0, 0x1c, 0x44, 0, 0x20))) {
                            bubbleRevert(p)
                        }
                        mstore(0x40, p)
                        if lt(mload(0), filledTakerTokenAmount) {
                            filledTakerTokenAmount := insufficient(orderHash)
                            break
                        }
                    }
                    default {
                        let requiredMakerZRX :=
                            div(checkedMul(filledTakerTokenAmount, calldataload(add(orderValues, 0x40))), takerTokenAmount)
                        let requiredTakerZRX :=
                            div(checkedMul(filledTakerTokenAmount, calldataload(add(orderValues, 0x60))), takerTokenAmount)
                        let makerTokenIsZRX := eq(makerToken, zrx)
                        let takerTokenIsZRX := eq(takerToken, zrx)
                        if makerTokenIsZRX { requiredMakerZRX := checkedAdd(filledMakerTokenAmount, requiredMakerZRX) }
                        if takerTokenIsZRX { requiredTakerZRX := checkedAdd(filledTakerTokenAmount, requiredTakerZRX) }
                        let ok := funded(p, zrx, maker, requiredMakerZRX, proxy)
                        if ok { ok := funded(p, zrx, caller(), requiredTakerZRX, proxy) }
                        if and(ok, iszero(makerTokenIsZRX)) {
                            ok := funded(p, makerToken, maker, filledMakerTokenAmount, proxy)
                        }
                        if and(ok, iszero(takerTokenIsZRX)) {
                            ok := funded(p, takerToken, caller(), filledTakerTokenAmount, proxy)
                        }
                        if iszero(ok) {
                            filledTakerTokenAmount := insufficient(orderHash)
                            break
                        }
                    }
                }
                // Step 10: state before transfers, as in v1. The filled part (the low half of a
                // packed slot) stays at most takerTokenAmount, so it cannot carry into the cancelled half.
                sstore(slot, add(stored, filledTakerTokenAmount))
                // Steps 11-12: transferViaProxy for the two trade legs, written out.
                let success := 0
                mstore(p, 0x15dacbea) // transferFrom(address,address,address,uint256)
                mstore(add(p, 0x20), makerToken)
                mstore(add(p, 0x40), maker)
                mstore(add(p, 0x60), caller())
                mstore(add(p, 0x80), filledMakerTokenAmount)
                success := call(gas(), proxyTarget, 0, add(p, 28), 0x84, 0, 0x20)
                // Right to left: the size of the answer, then the answer.
                if iszero(and(iszero(iszero(mload(0))), and(gt(returndatasize(), 0x1f), success))) {
                    transferFailed(p, success)
                }
                mstore(add(p, 0x20), takerToken)
                mstore(add(p, 0x40), caller())
                mstore(add(p, 0x60), maker)
                mstore(add(p, 0x80), filledTakerTokenAmount)
                success := call(gas(), proxyTarget, 0, add(p, 28), 0x84, 0, 0x20)
                // Right to left: the size of the answer, then the answer.
                if iszero(and(iszero(iszero(mload(0))), and(gt(returndatasize(), 0x1f), success))) {
                    transferFailed(p, success)
                }
                // Step 13: fees, only with a fee recipient.
                let paidMakerFee := 0
                let paidTakerFee := 0
                if feeRecipient {
                    let makerFee := calldataload(add(orderValues, 0x40))
                    if makerFee {
                        paidMakerFee := div(checkedMul(filledTakerTokenAmount, makerFee), takerTokenAmount)
                        transferViaProxy(p, proxyTarget, zrx, maker, feeRecipient, paidMakerFee)
                    }
                    let takerFee := calldataload(add(orderValues, 0x60))
                    if takerFee {
                        paidTakerFee := div(checkedMul(filledTakerTokenAmount, takerFee), takerTokenAmount)
                        transferViaProxy(p, proxyTarget, zrx, caller(), feeRecipient, paidTakerFee)
                    }
                }
                // Step 14: LogFill(maker, taker, feeRecipient, makerToken, takerToken,
                // filledMakerTokenAmount, filledTakerTokenAmount, paidMakerFee, paidTakerFee, tokens, orderHash)
                mstore(0, shl(96, calldataload(add(orderAddresses, 0x40)))) // makerToken
                mstore(20, shl(96, calldataload(add(orderAddresses, 0x60)))) // takerToken
                let tokens := keccak256(0, 40)
                mstore(p, caller())
                mstore(add(p, 0x20), makerToken)
                mstore(add(p, 0x40), takerToken)
                mstore(add(p, 0x60), filledMakerTokenAmount)
                mstore(add(p, 0x80), filledTakerTokenAmount)
                mstore(add(p, 0xa0), paidMakerFee)
                mstore(add(p, 0xc0), paidTakerFee)
                mstore(add(p, 0xe0), orderHash)
                log4(p, 0x100, LOG_FILL_TOPIC, maker, feeRecipient, tokens)
                break
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
        bool packed = takerTokenAmount < PACKED_LIMIT;
        uint256 stored = packed ? _packed(orderHash) : 0;
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
            if (packed) _setPacked(orderHash, stored + (cancelledTakerTokenAmount << 128));
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

    /// @dev The packed filled/cancelled word of an order below 2^128 taker tokens (0 for others).
    function _packed(bytes32 orderHash) private view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(orderHash)
        }
    }

    function _setPacked(bytes32 orderHash, uint256 word) private {
        assembly ("memory-safe") {
            sstore(orderHash, word)
        }
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
