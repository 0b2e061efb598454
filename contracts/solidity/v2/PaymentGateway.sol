// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IAllowanceTransfer} from "@uniswap/v4-periphery/lib/permit2/src/interfaces/IAllowanceTransfer.sol";
import {ISignatureTransfer} from "@uniswap/v4-periphery/lib/permit2/src/interfaces/ISignatureTransfer.sol";

import {PaymentGatewayBase} from "./PaymentGatewayBase.sol";
import {PaymentGatewayExtension} from "./PaymentGatewayExtension.sol";
import {IERC3009} from "./interfaces/IERC3009.sol";
import {IPaymentGateway} from "./interfaces/IPaymentGateway.sol";
import {ERC6492Deployer} from "./utils/ERC6492Deployer.sol";

/**
 * @title PaymentGateway
 * @notice Kassa's non-custodial ERC-20 payment gateway: one call moves the payment from the payer to the
 * merchant wallet and the fee to the treasury. Every payment is authorised by an EIP-712 signature of the
 * Kassa service that binds the payment id, token, amount, recipient, merchant and deadline, so nobody can pay
 * an id with other terms, squat an id, or pay late. Payers can pay directly, or gasless through the trusted
 * OpenZeppelin {ERC2771Forwarder}, optionally with an EIP-2612 permit instead of a prior approval.
 *
 * Not upgradeable: a new version is a new deployment.
 *
 * Replay guard: a bitmap, not a flag per payment id. The low 64 bits of every `paymentId` are a sequence number
 * that the service takes from PostgreSQL (a counter per gateway, handed out in ranges, never reused); the other
 * 192 bits are random, so ids stay unique and unguessable. The server signature covers the whole `paymentId`, so
 * it binds the sequence and no ABI field was added. Each sequence owns two bits of one storage word (word
 * `sequence >> 7`, bit `2 * (sequence & 127)` paid, the next bit refunded): a payment sets a bit in a word that
 * earlier payments already made non-zero (about 5,000 gas) instead of filling a fresh slot (about 22,100 gas);
 * one payment in 128 opens a fresh word. A sequence is spent once: two signed requests that share a sequence
 * (the service never signs such) could not both be used, which fails safe. Refunds take their sequences from
 * the same counter: a refund id's low 64 bits are its own sequence, whose second bit the refund sets, so a
 * payment can be refunded several times (each refund once), in parts, and a refund costs what a payment's bit
 * costs. The bits are all the gateway keeps: a refund needs its payment's paid bit and its own unspent bit, and
 * is bound by the service's `RefundRequest` signature, which the service gives only while the payment's
 * refunds, completed and open, stay within what it paid.
 *
 * Fees: a fee change never alters a payment that was already signed. A payment is priced at the fee in effect
 * when the service signed it, which is `deadline - SIGNATURE_LIFETIME` (the service signs every payment
 * request with exactly that lifetime); the contract keeps the fee before each change beside the time of the
 * change, and refuses a second change of the same fee within `SIGNATURE_LIFETIME`, so one previous fee is
 * enough. It costs about 80 gas per payment and no storage read: the previous default fee shares the
 * treasury's slot, and a merchant's previous override shares its override's slot.
 *
 * Fee-on-transfer tokens are refused when a token is whitelisted, not detected here. The service only signs
 * payment requests for whitelisted tokens, so the server signature is the on-chain whitelist, and the whitelist
 * refuses a token whose transfers deliver less than sent (`probeTokenTransfer` in `contracts/src`). Detecting
 * them here instead (the recipient's balance measured around its transfer) costs about 1,500 gas on every
 * payment (two `balanceOf` calls), which would put a direct payment above its 72,000 gas target; refusal costs
 * nothing per payment. What refusal cannot see is a whitelisted token that turns a transfer fee on later
 * (USDT has such a switch): for that, the service's watcher is to compare the token's `Transfer` logs of each
 * payment with its `PaymentCompleted` event and flag a short payment instead of marking it paid.
 *
 * Version 2 adds, on the same bitmap, signer and fee logic: one-signature payments bound to the payment by its
 * `PaymentIntent` (Permit2's witness, EIP-3009's nonce, or an ECDSA/ERC-1271/ERC-6492 signature with an allowance),
 * payments by plain transfer to a counterfactual deposit address per payment (swept by CREATE2 of a
 * {DepositSweeper}), and subscriptions charged period by period. The functions money does not flow through live in
 * {PaymentGatewayExtension}, reached through this contract's fallback. docs/architecture.md explains the choices.
 */
contract PaymentGateway is PaymentGatewayBase, IPaymentGateway {
    using SafeERC20 for IERC20;

    /// @dev Where every call this contract does not implement goes (by delegatecall, on this contract's storage).
    address private immutable _extension;

    /**
     * @param trustedForwarder_ The OpenZeppelin {ERC2771Forwarder} (EIP-712 name `ERC2771Forwarder`) whose
     * requests are executed on behalf of their signer.
     * @param initialOwner Owner of the configuration.
     * @param signer_ Address whose EIP-712 signatures authorise payments and refunds.
     * @param treasury_ Address that receives the fees.
     * @param defaultFeeBps_ Fee in basis points for merchants without an override.
     * @param permit2_ Uniswap's Permit2 on this chain (canonically `0x000000000022D473030F116dDEE9F6B43aC78BA3`), or
     * zero to deploy without the Permit2 paths.
     */
    constructor(
        address trustedForwarder_,
        address initialOwner,
        address signer_,
        address treasury_,
        uint16 defaultFeeBps_,
        address permit2_
    ) PaymentGatewayBase(trustedForwarder_, initialOwner, permit2_, new ERC6492Deployer()) {
        _extension = address(
            new PaymentGatewayExtension(trustedForwarder_, initialOwner, permit2_, _erc6492Deployer)
        );
        _setSigner(signer_);
        _setTreasury(treasury_);
        // The first fee has no time: no request can have been signed before it.
        _checkFee(defaultFeeBps_);
        _config.defaultFeeBps = defaultFeeBps_;
        emit DefaultFeeUpdated(0, defaultFeeBps_);
    }

    /// @inheritdoc IPaymentGateway
    function pay(
        bytes32 paymentId,
        address tokenAddress,
        uint256 amount,
        address recipientAddress,
        bytes32 merchantId,
        uint256 deadline,
        bytes calldata serverSignature,
        Permit calldata permit
    ) external {
        // The configuration slot read whole (the layout of {Config}): cheaper than a copy to memory.
        uint256 config;
        assembly ("memory-safe") {
            config := sload(_config.slot)
        }
        if ((config >> 176) & 0xff != 0) revert EnforcedPause();
        if (block.timestamp > deadline) revert PaymentRequestExpired(paymentId, deadline);
        (uint256 word, uint256 paidBit) = _paymentSlot(paymentId);
        uint256 bits = _paymentBits[word];
        if (bits & paidBit != 0) revert PaymentAlreadyProcessed(paymentId);
        bytes32 typeHash = PAYMENT_REQUEST_TYPEHASH;
        bytes32 structHash;
        // keccak256(abi.encode(PAYMENT_REQUEST_TYPEHASH, paymentId, ..., deadline)) with the six static
        // arguments copied as they are in calldata (bytes 4..196). Dirty address bits would hash to another
        // request than the one the service signed, so the check below fails for them.
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), 0x04, 0xc0)
            structHash := keccak256(ptr, 0xe0)
        }
        _checkServerSignature(address(uint160(config)), structHash, serverSignature);

        address payer = _msgSender();
        _paymentBits[word] = bits | paidBit;

        if (permit.deadline != 0) {
            // A permit that fails (front-run, already used) must not block a payment whose allowance
            // suffices; if it does not suffice, the transfer below reverts with the token's own error.
            try
                IERC20Permit(tokenAddress).permit(
                    payer,
                    address(this),
                    amount,
                    permit.deadline,
                    permit.v,
                    permit.r,
                    permit.s
                )
            {} catch {} // solhint-disable-line no-empty-blocks
        }

        // The treasury slot read whole (the layout of {Treasury}).
        uint256 treasury_;
        assembly ("memory-safe") {
            treasury_ := sload(_treasury.slot)
        }
        uint256 fee = _computeFee(amount, _feeBpsAt(config, treasury_, merchantId, _signedAt(deadline)));
        IERC20 token = IERC20(tokenAddress);
        if (fee != 0) token.safeTransferFrom(payer, address(uint160(treasury_)), fee);
        uint256 net;
        unchecked {
            // fee = floor(amount * feeBps / 10_000) <= amount, as feeBps <= MAX_FEE_BPS < 10_000
            net = amount - fee;
        }
        token.safeTransferFrom(payer, recipientAddress, net);

        emit PaymentCompleted(paymentId, merchantId, payer, recipientAddress, tokenAddress, amount, fee);
    }

    /// @inheritdoc IPaymentGateway
    function refund(
        bytes32 paymentId,
        bytes32 refundId,
        address tokenAddress,
        address payerAddress,
        uint256 amount,
        uint256 deadline,
        bytes calldata serverSignature
    ) external {
        Config memory config = _config;
        if (config.paused) revert EnforcedPause();
        if (block.timestamp > deadline) revert RefundRequestExpired(refundId, deadline);

        (uint256 paymentWord, uint256 paidBit) = _paymentSlot(paymentId);
        if (_paymentBits[paymentWord] & paidBit == 0) revert PaymentNotFound(paymentId);
        (uint256 word, uint256 refundBit) = _paymentSlot(refundId);
        refundBit <<= 1;
        uint256 bits = _paymentBits[word];
        if (bits & refundBit != 0) revert RefundAlreadyProcessed(refundId);
        _checkServerSignature(
            config.signer,
            keccak256(
                abi.encode(REFUND_REQUEST_TYPEHASH, paymentId, refundId, tokenAddress, payerAddress, amount, deadline)
            ),
            serverSignature
        );

        // The tokens leave the sender's own wallet, normally the merchant wallet that was paid. No record of the
        // recipient is kept (it would cost a fresh slot per payment): a sender holding the merchant's signed
        // refund can only give its own tokens to the payer, which is the refund the merchant asked for.
        address merchant = _msgSender();

        _paymentBits[word] = bits | refundBit;
        IERC20(tokenAddress).safeTransferFrom(merchant, payerAddress, amount);

        emit RefundCompleted(paymentId, merchant, payerAddress, refundId, tokenAddress, amount);
    }

    /// @inheritdoc IPaymentGateway
    function payWithPermit2(
        PaymentTerms calldata terms,
        bytes calldata serverSignature,
        address payer,
        uint256 permitNonce,
        bytes calldata payerSignature
    ) external {
        address permit2_ = _permit2;
        if (permit2_ == address(0)) revert Permit2NotEnabled();
        (address treasury_, uint256 fee) = _authorizePayment(terms, serverSignature);
        ISignatureTransfer(permit2_).permitWitnessTransferFrom(
            ISignatureTransfer.PermitTransferFrom({
                permitted: ISignatureTransfer.TokenPermissions({token: terms.tokenAddress, amount: terms.amount}),
                nonce: permitNonce,
                deadline: terms.deadline
            }),
            ISignatureTransfer.SignatureTransferDetails({to: address(this), requestedAmount: terms.amount}),
            payer,
            _paymentIntentHash(terms, payer),
            _PERMIT2_WITNESS_TYPE,
            _unwrapERC6492(payer, payerSignature)
        );
        _payOut(terms, treasury_, fee, payer);
    }

    /// @inheritdoc IPaymentGateway
    function payWithAuthorization(
        PaymentTerms calldata terms,
        bytes calldata serverSignature,
        address payer,
        bytes calldata payerSignature
    ) external {
        (address treasury_, uint256 fee) = _authorizePayment(terms, serverSignature);
        bytes32 nonce = _hashTypedDataV4(_paymentIntentHash(terms, payer));
        bytes memory signature = _unwrapERC6492(payer, payerSignature);
        if (signature.length == 65) {
            bytes32 r;
            bytes32 s;
            uint8 v;
            assembly ("memory-safe") {
                r := mload(add(signature, 0x20))
                s := mload(add(signature, 0x40))
                v := byte(0, mload(add(signature, 0x60)))
            }
            IERC3009(terms.tokenAddress).receiveWithAuthorization(
                payer,
                address(this),
                terms.amount,
                0,
                terms.deadline,
                nonce,
                v,
                r,
                s
            );
        } else {
            IERC3009(terms.tokenAddress).receiveWithAuthorization(
                payer,
                address(this),
                terms.amount,
                0,
                terms.deadline,
                nonce,
                signature
            );
        }
        _payOut(terms, treasury_, fee, payer);
    }

    /// @inheritdoc IPaymentGateway
    function payWithIntent(
        PaymentTerms calldata terms,
        bytes calldata serverSignature,
        address payer,
        bytes calldata payerSignature
    ) external {
        (address treasury_, uint256 fee) = _authorizePayment(terms, serverSignature);
        _checkPayerSignature(payer, _hashTypedDataV4(_paymentIntentHash(terms, payer)), payerSignature);
        IERC20 token = IERC20(terms.tokenAddress);
        if (fee != 0) token.safeTransferFrom(payer, treasury_, fee);
        // fee <= amount (see _computeFee)
        unchecked {
            token.safeTransferFrom(payer, terms.recipientAddress, terms.amount - fee);
        }
        emit PaymentCompleted(
            terms.paymentId,
            terms.merchantId,
            payer,
            terms.recipientAddress,
            terms.tokenAddress,
            terms.amount,
            fee
        );
    }

    /// @inheritdoc IPaymentGateway
    function sweepDeposit(DepositTerms calldata terms, bytes calldata serverSignature) external {
        (address signer_, address treasury_) = _signerAndTreasury();
        bytes32 digest = _depositDigest(terms);
        _checkServerSignatureDigest(signer_, digest, serverSignature);
        _sweepDeposit(terms, digest, treasury_);
    }

    /// @inheritdoc IPaymentGateway
    function sweepDeposits(DepositTerms[] calldata terms, bytes calldata serverSignature) external {
        (address signer_, address treasury_) = _signerAndTreasury();
        uint256 count = terms.length;
        bytes32[] memory structHashes = new bytes32[](count);
        for (uint256 i = 0; i < count; ++i) {
            structHashes[i] = _depositStructHash(terms[i]);
        }
        // keccak256(abi.encode(DEPOSIT_BATCH_TYPEHASH, keccak256(abi.encodePacked(structHashes)))): EIP-712's hash of
        // a struct whose one member is an array of structs.
        bytes32 typeHash = DEPOSIT_BATCH_TYPEHASH;
        bytes32 batchHash;
        assembly ("memory-safe") {
            mstore(0x20, keccak256(add(structHashes, 0x20), shl(5, count)))
            mstore(0x00, typeHash)
            batchHash := keccak256(0x00, 0x40)
        }
        _checkServerSignature(signer_, batchHash, serverSignature);
        for (uint256 i = 0; i < count; ++i) {
            _sweepDeposit(terms[i], _hashTypedDataV4(structHashes[i]), treasury_);
        }
    }

    /// @inheritdoc IPaymentGateway
    function chargeSubscription(
        Subscription calldata subscription,
        SubscriptionCharge calldata charge,
        bytes calldata serverSignature,
        bytes calldata payerSignature
    ) external {
        uint256 config;
        assembly ("memory-safe") {
            config := sload(_config.slot)
        }
        if ((config >> 176) & 0xff != 0) revert EnforcedPause();
        bytes32 key = _subscriptionDigest(subscription);
        bytes32 id = subscription.subscriptionId;
        uint256 period = charge.period;
        {
            uint256 opensAt;
            uint256 closesAt;
            if (period < subscription.charges) {
                opensAt = subscription.startsAt + period * subscription.period;
                closesAt = opensAt + subscription.period;
            }
            if (block.timestamp < opensAt || block.timestamp >= closesAt) {
                revert SubscriptionPeriodNotOpen(id, period, opensAt, closesAt);
            }
        }

        mapping(uint256 => uint256) storage state = _subscriptionBits[key];
        uint256 word0 = state[0];
        if (word0 & _SUBSCRIPTION_CANCELED != 0) revert SubscriptionIsCanceled(id);
        // period < charges <= type(uint256).max - 2 is not guaranteed: the checked addition reverts past it.
        uint256 index = period + 2;
        uint256 bit = 1 << (index & 255);
        uint256 wordIndex = index >> 8;
        uint256 bits = wordIndex == 0 ? word0 : state[wordIndex];
        if (bits & bit != 0) revert SubscriptionPeriodAlreadyCharged(id, period);

        uint256 signedAt;
        if (subscription.variableAmount) {
            if (charge.amount > subscription.amount) {
                revert SubscriptionAmountNotAllowed(id, charge.amount, subscription.amount);
            }
            if (block.timestamp > charge.deadline) revert SubscriptionChargeExpired(id, period, charge.deadline);
            _checkServerSignatureDigest(
                address(uint160(config)),
                _hashTypedDataV4(
                    keccak256(abi.encode(SUBSCRIPTION_CHARGE_TYPEHASH, key, period, charge.amount, charge.deadline))
                ),
                serverSignature
            );
            signedAt = _signedAt(charge.deadline);
        } else {
            if (charge.amount != subscription.amount) {
                revert SubscriptionAmountNotAllowed(id, charge.amount, subscription.amount);
            }
            signedAt = block.timestamp;
        }
        if (word0 & _SUBSCRIPTION_ACTIVE == 0) {
            // First charge: the payer's signature, and the service's for a fixed plan (a variable plan's charge
            // signature already names the schedule).
            _checkPayerSignature(subscription.payer, key, payerSignature);
            if (!subscription.variableAmount) {
                _checkServerSignatureDigest(address(uint160(config)), key, serverSignature);
            }
            word0 |= _SUBSCRIPTION_ACTIVE;
            if (wordIndex != 0) state[0] = word0;
        }
        if (wordIndex == 0) {
            state[0] = word0 | bit;
        } else {
            state[wordIndex] = bits | bit;
        }

        uint256 treasury_;
        assembly ("memory-safe") {
            treasury_ := sload(_treasury.slot)
        }
        uint256 amount = charge.amount;
        uint256 fee = _computeFee(amount, _feeBpsAt(config, treasury_, subscription.merchantId, signedAt));
        _pull(subscription, address(uint160(treasury_)), fee);
        // fee <= amount (see _computeFee)
        unchecked {
            _pull(subscription, subscription.recipientAddress, amount - fee);
        }
        emit SubscriptionCharged(
            id,
            subscription.merchantId,
            subscription.payer,
            period,
            subscription.recipientAddress,
            subscription.tokenAddress,
            amount,
            fee
        );
    }

    /**
     * @notice Every other function of the gateway (administration, views, returns from deposit addresses,
     * cancellations) is {PaymentGatewayExtension}'s, run on this contract's storage. A call without data is the
     * question of a {DepositSweeper} being created: the answer is its moves, six words from transient storage (all
     * zero outside a sweep or a return).
     */
    fallback() external {
        address extension = _extension;
        uint256 slot = _DEPOSIT_INSTRUCTION_SLOT;
        assembly ("memory-safe") {
            if iszero(calldatasize()) {
                let ptr := mload(0x40)
                mstore(ptr, tload(slot))
                mstore(add(ptr, 0x20), tload(add(slot, 1)))
                mstore(add(ptr, 0x40), tload(add(slot, 2)))
                mstore(add(ptr, 0x60), tload(add(slot, 3)))
                mstore(add(ptr, 0x80), tload(add(slot, 4)))
                mstore(add(ptr, 0xa0), tload(add(slot, 5)))
                return(ptr, 0xc0)
            }
            calldatacopy(0, 0, calldatasize())
            let success := delegatecall(gas(), extension, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(success) {
                revert(0, returndatasize())
            }
            return(0, returndatasize())
        }
    }

    /**
     * @dev The checks every path of an immediate payment shares with {pay}: not paused, in time, the sequence
     * unspent (then spent), the service's `PaymentRequest` signature; and the fee at signing time.
     */
    function _authorizePayment(
        PaymentTerms calldata terms,
        bytes calldata serverSignature
    ) private returns (address treasury_, uint256 fee) {
        uint256 config;
        assembly ("memory-safe") {
            config := sload(_config.slot)
        }
        if ((config >> 176) & 0xff != 0) revert EnforcedPause();
        bytes32 paymentId = terms.paymentId;
        uint256 deadline = terms.deadline;
        if (block.timestamp > deadline) revert PaymentRequestExpired(paymentId, deadline);
        (uint256 word, uint256 paidBit) = _paymentSlot(paymentId);
        uint256 bits = _paymentBits[word];
        if (bits & paidBit != 0) revert PaymentAlreadyProcessed(paymentId);
        _checkServerSignature(address(uint160(config)), _termsHash(PAYMENT_REQUEST_TYPEHASH, terms), serverSignature);
        _paymentBits[word] = bits | paidBit;
        uint256 treasuryWord;
        assembly ("memory-safe") {
            treasuryWord := sload(_treasury.slot)
        }
        treasury_ = address(uint160(treasuryWord));
        fee = _computeFee(terms.amount, _feeBpsAt(config, treasuryWord, terms.merchantId, _signedAt(deadline)));
    }

    /// @dev Sends a payment that reached the gateway (Permit2, EIP-3009) on at once, and reports it.
    function _payOut(PaymentTerms calldata terms, address treasury_, uint256 fee, address payer) private {
        IERC20 token = IERC20(terms.tokenAddress);
        if (fee != 0) token.safeTransfer(treasury_, fee);
        // fee <= amount (see _computeFee)
        unchecked {
            token.safeTransfer(terms.recipientAddress, terms.amount - fee);
        }
        emit PaymentCompleted(
            terms.paymentId,
            terms.merchantId,
            payer,
            terms.recipientAddress,
            terms.tokenAddress,
            terms.amount,
            fee
        );
    }

    /// @dev keccak256(abi.encode(typeHash, terms)) for the six static fields of {PaymentTerms}, copied from calldata.
    function _termsHash(bytes32 typeHash, PaymentTerms calldata terms) private pure returns (bytes32 hash) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), terms, 0xc0)
            hash := keccak256(ptr, 0xe0)
        }
    }

    /// @dev The struct hash of a payment's `PaymentIntent` for `payer`: the Permit2 witness; on the gateway's
    /// domain, the digest the payer signs on the intent path and the EIP-3009 nonce.
    function _paymentIntentHash(PaymentTerms calldata terms, address payer) private pure returns (bytes32 hash) {
        bytes32 typeHash = PAYMENT_INTENT_TYPEHASH;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), terms, 0xc0)
            mstore(add(ptr, 0xe0), payer)
            hash := keccak256(ptr, 0x100)
        }
    }

    function _signerAndTreasury() private view returns (address signer_, address treasury_) {
        return (_config.signer, _treasury.treasury);
    }

    /// @dev Settles the deposit of `terms` (whose digest, checked by the caller, is `digest`).
    function _sweepDeposit(DepositTerms calldata terms, bytes32 digest, address treasury_) private {
        bytes32 paymentId = terms.paymentId;
        (uint256 word, uint256 paidBit) = _paymentSlot(paymentId);
        uint256 bits = _paymentBits[word];
        if (bits & paidBit != 0) revert PaymentAlreadyProcessed(paymentId);
        _paymentBits[word] = bits | paidBit;

        address deposit = _depositAddress(digest);
        address token = terms.tokenAddress;
        uint256 balance = IERC20(token).balanceOf(deposit);
        if (balance == 0 || balance < terms.minimumAmount) {
            revert DepositShort(paymentId, balance, terms.minimumAmount);
        }
        uint256 amount = terms.amount;
        if (balance < amount) amount = balance;
        uint16 feeBps = terms.feeBps;
        _checkFee(feeBps);
        uint256 fee = _computeFee(amount, feeBps);
        address recipient = terms.recipientAddress;
        // fee <= amount (see _computeFee)
        unchecked {
            _createDeposit(digest, token, recipient, amount - fee, treasury_, fee, recipient);
        }
        if (balance > amount) _depositsSettledWithExcess[deposit] = true;
        emit DepositSwept(paymentId, terms.merchantId, deposit, recipient, token, amount, fee);
    }

    /// @dev Moves `amount` of a subscription's token from its payer to `to`: by token allowance, or Permit2's.
    function _pull(Subscription calldata subscription, address to, uint256 amount) private {
        if (amount == 0) return;
        if (subscription.usePermit2) {
            address permit2_ = _permit2;
            if (permit2_ == address(0)) revert Permit2NotEnabled();
            // Permit2 moves at most 2**160 - 1: a larger amount reverts in SafeCast.
            IAllowanceTransfer(permit2_).transferFrom(
                subscription.payer,
                to,
                SafeCast.toUint160(amount),
                subscription.tokenAddress
            );
        } else {
            IERC20(subscription.tokenAddress).safeTransferFrom(subscription.payer, to, amount);
        }
    }
}
