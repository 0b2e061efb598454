// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

import {IPaymentGateway} from "./interfaces/IPaymentGateway.sol";

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
 */
contract PaymentGateway is IPaymentGateway, EIP712, ERC2771Context, Ownable2Step {
    using SafeERC20 for IERC20;

    /// @notice Highest fee the owner can set, in basis points (10%).
    uint16 public constant MAX_FEE_BPS = 1_000;

    /// @notice Lifetime of a server-signed payment request: the service signs each one at `deadline` minus this.
    uint256 public constant SIGNATURE_LIFETIME = 3_600;

    uint256 private constant _BPS_DENOMINATOR = 10_000;

    /// @notice EIP-712 type hash of the server-signed payment request.
    bytes32 public constant PAYMENT_REQUEST_TYPEHASH =
        keccak256(
            "PaymentRequest(bytes32 paymentId,address tokenAddress,uint256 amount,address recipientAddress,bytes32 merchantId,uint256 deadline)"
        );

    /// @notice EIP-712 type hash of the server-signed refund request.
    bytes32 public constant REFUND_REQUEST_TYPEHASH =
        keccak256(
            "RefundRequest(bytes32 paymentId,bytes32 refundId,address tokenAddress,address payerAddress,uint256 amount,uint256 deadline)"
        );

    uint256 private constant _SEQUENCE_MASK = (1 << 64) - 1;

    /**
     * @dev Everything a payment reads from configuration but the treasury, in one slot (248 bits).
     * `merchantFeeFilter` has bit `_filterBit(merchantId)` set while at least one merchant mapping to that bit
     * has a fee override: a payment looks the override up (a cold storage read, 2,100 gas) only when its bit
     * is set, so a payment of a merchant on the default fee reads two configuration slots (this one and the
     * treasury), not three.
     */
    struct Config {
        address signer;
        uint16 defaultFeeBps;
        bool paused;
        uint64 merchantFeeFilter;
    }

    /**
     * @dev The treasury and the default fee before its last change, in one slot that every payment with a fee
     * reads anyway: requests signed before `defaultFeeChangedAt` pay `previousDefaultFeeBps`.
     */
    struct Treasury {
        address treasury;
        uint16 previousDefaultFeeBps;
        uint40 defaultFeeChangedAt;
    }

    /**
     * @dev A merchant's fee record: its override now (`isSet` tells an override of 0 from none) and the
     * override it had before `changedAt` (`wasSet` false: it paid the default fee then). A record whose override
     * was cleared stays (and keeps its filter bit) until {pruneMerchantFee}, so requests signed before the clear
     * still pay the old override.
     */
    struct MerchantFee {
        bool isSet;
        uint16 feeBps;
        bool wasSet;
        uint16 previousFeeBps;
        uint40 changedAt;
    }

    Config private _config;
    Treasury private _treasury;
    mapping(bytes32 merchantId => MerchantFee) private _merchantFees;
    /// @dev Two bits per sequence: bit `2 * (sequence & 127)` paid (payment ids), the next refunded (refund ids);
    /// word `sequence >> 7`.
    mapping(uint256 word => uint256 bits) private _paymentBits;
    /// @dev Number of merchant fee overrides per bit of `Config.merchantFeeFilter`.
    uint32[64] private _merchantFeeFilterCounts;

    /**
     * @param trustedForwarder_ The OpenZeppelin {ERC2771Forwarder} (EIP-712 name `ERC2771Forwarder`) whose
     * requests are executed on behalf of their signer.
     * @param initialOwner Owner of the configuration.
     * @param signer_ Address whose EIP-712 signatures authorise payments and refunds.
     * @param treasury_ Address that receives the fees.
     * @param defaultFeeBps_ Fee in basis points for merchants without an override.
     */
    constructor(
        address trustedForwarder_,
        address initialOwner,
        address signer_,
        address treasury_,
        uint16 defaultFeeBps_
    ) EIP712("KassaGateway", "1") ERC2771Context(trustedForwarder_) Ownable(initialOwner) {
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

        uint256 signedAt;
        unchecked {
            signedAt = deadline > SIGNATURE_LIFETIME ? deadline - SIGNATURE_LIFETIME : 0;
        }
        // The treasury slot read whole (the layout of {Treasury}).
        uint256 treasury_;
        assembly ("memory-safe") {
            treasury_ := sload(_treasury.slot)
        }
        uint256 feeBps = signedAt >= treasury_ >> 176 ? (config >> 160) & 0xffff : (treasury_ >> 160) & 0xffff;
        if ((config >> 184) & (1 << _filterBit(merchantId)) != 0) {
            MerchantFee memory merchantFee_ = _merchantFees[merchantId];
            if (signedAt >= merchantFee_.changedAt) {
                if (merchantFee_.isSet) feeBps = merchantFee_.feeBps;
            } else if (merchantFee_.wasSet) {
                feeBps = merchantFee_.previousFeeBps;
            }
        }
        uint256 fee = _computeFee(amount, feeBps);
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

    /**
     * @notice Sets the fee of merchants without an override.
     * @param feeBps Fee in basis points, at most {MAX_FEE_BPS}.
     */
    function setDefaultFee(uint16 feeBps) external onlyOwner {
        _setDefaultFee(feeBps);
    }

    /**
     * @notice Sets a fee for one merchant that overrides the default fee (0 is a valid override).
     * @param merchantId The merchant.
     * @param feeBps Fee in basis points, at most {MAX_FEE_BPS}.
     */
    function setMerchantFee(bytes32 merchantId, uint16 feeBps) external onlyOwner {
        _checkFee(feeBps);
        MerchantFee memory previous = _merchantFees[merchantId];
        // A record with a time is in the filter already (set, or cleared and not pruned).
        if (previous.changedAt == 0) _addToFilter(merchantId);
        _changeMerchantFee(merchantId, previous, true, feeBps);
        emit MerchantFeeUpdated(merchantId, feeBps);
    }

    /**
     * @notice Removes a merchant's fee override; requests signed from now on pay the default fee.
     * @param merchantId The merchant, which must have an override.
     */
    function clearMerchantFee(bytes32 merchantId) external onlyOwner {
        MerchantFee memory previous = _merchantFees[merchantId];
        if (!previous.isSet) revert MerchantFeeNotSet(merchantId);
        _changeMerchantFee(merchantId, previous, false, 0);
        emit MerchantFeeCleared(merchantId);
    }

    /**
     * @notice Forgets the record of a cleared override once no request signed before the clear can be paid,
     * so payments of merchants that share its filter bit stop reading it. Anyone can call it.
     * @param merchantId The merchant, whose override was cleared at least {SIGNATURE_LIFETIME} ago.
     */
    function pruneMerchantFee(bytes32 merchantId) external {
        MerchantFee memory fee = _merchantFees[merchantId];
        if (fee.isSet || fee.changedAt == 0) revert MerchantFeeNotSet(merchantId);
        if (block.timestamp < fee.changedAt + SIGNATURE_LIFETIME) {
            revert FeeChangeTooSoon(fee.changedAt + SIGNATURE_LIFETIME);
        }
        delete _merchantFees[merchantId];
        _removeFromFilter(merchantId);
    }

    /// @notice Always reverts: without an owner nobody could rotate the signer or pause payments again.
    function renounceOwnership() public view override {
        revert OwnershipCannotBeRenounced();
    }

    /**
     * @notice Sets the address that receives the fees.
     * @param treasury_ The new treasury, not zero.
     */
    function setTreasury(address treasury_) external onlyOwner {
        _setTreasury(treasury_);
    }

    /**
     * @notice Sets the address whose EIP-712 signatures authorise payments and refunds. Requests signed by the
     * previous signer stop being accepted.
     * @param signer_ The new signer, not zero.
     */
    function setSigner(address signer_) external onlyOwner {
        _setSigner(signer_);
    }

    /// @notice Stops payments and refunds until {unpause}.
    function pause() external onlyOwner {
        if (_config.paused) revert EnforcedPause();
        _config.paused = true;
        emit Paused(_msgSender());
    }

    /// @notice Resumes payments and refunds.
    function unpause() external onlyOwner {
        if (!_config.paused) revert ExpectedPause();
        _config.paused = false;
        emit Unpaused(_msgSender());
    }

    /// @notice Whether payments and refunds are stopped.
    function paused() external view returns (bool) {
        return _config.paused;
    }

    /// @notice Address whose EIP-712 signatures authorise payments and refunds.
    function signer() external view returns (address) {
        return _config.signer;
    }

    /// @notice Address that receives the fees.
    function treasury() external view returns (address) {
        return _treasury.treasury;
    }

    /// @notice Fee in basis points of merchants without an override.
    function defaultFeeBps() external view returns (uint16) {
        return _config.defaultFeeBps;
    }

    /**
     * @notice Fee of a request signed now for a merchant, in basis points.
     * @param merchantId The merchant.
     * @return feeBps The merchant's override if it has one, else the default fee.
     * @return isOverride Whether `feeBps` is an override.
     */
    function merchantFee(bytes32 merchantId) external view returns (uint16 feeBps, bool isOverride) {
        MerchantFee memory fee = _merchantFees[merchantId];
        return fee.isSet ? (fee.feeBps, true) : (_config.defaultFeeBps, false);
    }

    /**
     * @notice Whether a payment id was paid. Ids that share a sequence share the answer.
     * @param paymentId The payment.
     */
    function isPaid(bytes32 paymentId) external view returns (bool) {
        (uint256 word, uint256 paidBit) = _paymentSlot(paymentId);
        return _paymentBits[word] & paidBit != 0;
    }

    /**
     * @notice Whether a refund id was sent. Ids that share a sequence share the answer.
     * @param refundId The refund.
     */
    function isRefunded(bytes32 refundId) external view returns (bool) {
        (uint256 word, uint256 paidBit) = _paymentSlot(refundId);
        return _paymentBits[word] & (paidBit << 1) != 0;
    }

    /**
     * @notice The fee taken from `amount` at `feeBps`, rounded down.
     * @param amount Payment amount, fee included.
     * @param feeBps Fee in basis points, at most {MAX_FEE_BPS}.
     */
    function computeFee(uint256 amount, uint16 feeBps) external pure returns (uint256) {
        _checkFee(feeBps);
        return _computeFee(amount, feeBps);
    }

    /// @dev The service draws merchant ids at random, so their low six bits spread them over the filter.
    function _filterBit(bytes32 merchantId) private pure returns (uint256) {
        return uint256(merchantId) & 63;
    }

    function _addToFilter(bytes32 merchantId) private {
        uint256 bit = _filterBit(merchantId);
        // There are fewer than 2**32 merchants with an override.
        unchecked {
            if (_merchantFeeFilterCounts[bit]++ == 0) _config.merchantFeeFilter |= uint64(1 << bit);
        }
    }

    function _removeFromFilter(bytes32 merchantId) private {
        uint256 bit = _filterBit(merchantId);
        // Called only for a merchant with an override, which was counted in its bit.
        unchecked {
            if (--_merchantFeeFilterCounts[bit] == 0) _config.merchantFeeFilter &= ~uint64(1 << bit);
        }
    }

    function _computeFee(uint256 amount, uint256 feeBps) private pure returns (uint256) {
        unchecked {
            // amount = q * 10_000 + r, so floor(amount * bps / 10_000) = q * bps + floor(r * bps / 10_000).
            // q * bps <= amount fits because every caller passes bps <= MAX_FEE_BPS < 10_000,
            // and r * bps < 10_000 * 2**16.
            return
                (amount / _BPS_DENOMINATOR) *
                feeBps +
                ((amount % _BPS_DENOMINATOR) * feeBps) /
                _BPS_DENOMINATOR;
        }
    }

    /// @dev The bitmap word of a payment's sequence (the low 64 bits of its id) and the mask of its paid bit.
    function _paymentSlot(bytes32 paymentId) private pure returns (uint256 word, uint256 paidBit) {
        uint256 sequence = uint256(paymentId) & _SEQUENCE_MASK;
        return (sequence >> 7, 1 << ((sequence & 127) << 1));
    }

    function _changeMerchantFee(
        bytes32 merchantId,
        MerchantFee memory previous,
        bool isSet,
        uint16 feeBps
    ) private {
        if (block.timestamp < uint256(previous.changedAt) + SIGNATURE_LIFETIME) {
            revert FeeChangeTooSoon(previous.changedAt + SIGNATURE_LIFETIME);
        }
        _merchantFees[merchantId] = MerchantFee({
            isSet: isSet,
            feeBps: feeBps,
            wasSet: previous.isSet,
            previousFeeBps: previous.feeBps,
            changedAt: uint40(block.timestamp)
        });
    }

    function _checkServerSignature(address expected, bytes32 structHash, bytes calldata signature) private view {
        (address recovered, ECDSA.RecoverError err, ) = ECDSA.tryRecoverCalldata(
            _hashTypedDataV4(structHash),
            signature
        );
        if (err != ECDSA.RecoverError.NoError || recovered != expected) {
            revert InvalidServerSignature(recovered, expected);
        }
    }

    function _checkFee(uint16 feeBps) private pure {
        if (feeBps > MAX_FEE_BPS) revert FeeTooHigh(feeBps, MAX_FEE_BPS);
    }

    function _setDefaultFee(uint16 feeBps) private {
        _checkFee(feeBps);
        uint40 changedAt = _treasury.defaultFeeChangedAt;
        if (changedAt != 0 && block.timestamp < uint256(changedAt) + SIGNATURE_LIFETIME) {
            revert FeeChangeTooSoon(changedAt + SIGNATURE_LIFETIME);
        }
        uint16 previous = _config.defaultFeeBps;
        _config.defaultFeeBps = feeBps;
        _treasury.previousDefaultFeeBps = previous;
        _treasury.defaultFeeChangedAt = uint40(block.timestamp);
        emit DefaultFeeUpdated(previous, feeBps);
    }

    function _setTreasury(address treasury_) private {
        if (treasury_ == address(0)) revert InvalidTreasury(treasury_);
        address previous = _treasury.treasury;
        _treasury.treasury = treasury_;
        emit TreasuryUpdated(previous, treasury_);
    }

    function _setSigner(address signer_) private {
        if (signer_ == address(0)) revert InvalidSigner(signer_);
        address previous = _config.signer;
        _config.signer = signer_;
        emit SignerUpdated(previous, signer_);
    }

    function _msgSender() internal view override(Context, ERC2771Context) returns (address) {
        return ERC2771Context._msgSender();
    }

    function _msgData() internal view override(Context, ERC2771Context) returns (bytes calldata) {
        return ERC2771Context._msgData();
    }

    function _contextSuffixLength() internal view override(Context, ERC2771Context) returns (uint256) {
        return ERC2771Context._contextSuffixLength();
    }
}
