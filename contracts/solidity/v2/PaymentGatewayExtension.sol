// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

import {PaymentGatewayBase} from "./PaymentGatewayBase.sol";
import {IPaymentGatewayExtension} from "./interfaces/IPaymentGatewayExtension.sol";
import {ERC6492Deployer} from "./utils/ERC6492Deployer.sol";

/**
 * @title PaymentGatewayExtension
 * @notice The half of Kassa's gateway that money does not flow through on its way to a merchant: configuration,
 * views, returns from deposit addresses and subscription cancellations. The {PaymentGateway} deploys it and
 * delegates every call it does not implement to it, so these functions run on the gateway's storage and are
 * called at the gateway's address; its ABI is part of the gateway's. Called at its own address, it acts on its own
 * empty storage and deposit addresses of its own (which hold nothing): harmless. It keeps the hot paths' dispatch
 * short and the gateway's code under EIP-170's 24,576 bytes.
 */
contract PaymentGatewayExtension is PaymentGatewayBase, IPaymentGatewayExtension {
    /**
     * @param trustedForwarder_ The gateway's forwarder.
     * @param initialOwner The gateway's owner (for this contract's own, unused, storage).
     * @param permit2_ The gateway's Permit2, or zero.
     * @param erc6492Deployer_ The gateway's ERC-6492 deployer.
     */
    constructor(
        address trustedForwarder_,
        address initialOwner,
        address permit2_,
        ERC6492Deployer erc6492Deployer_
    ) PaymentGatewayBase(trustedForwarder_, initialOwner, permit2_, erc6492Deployer_) {}

    /// @inheritdoc IPaymentGatewayExtension
    function returnDeposit(
        DepositTerms calldata terms,
        DepositReturn calldata request,
        bytes calldata signature
    ) external {
        if (block.timestamp > request.deadline) revert ReturnRequestExpired(request.returnId, request.deadline);
        bytes32 salt = _depositDigest(terms);
        address deposit = _depositAddress(salt);
        if (request.deposit != deposit) revert DepositMismatch(request.deposit, deposit);
        (uint256 word, uint256 returnBit) = _paymentSlot(request.returnId);
        returnBit <<= 1;
        uint256 bits = _paymentBits[word];
        if (bits & returnBit != 0) revert ReturnAlreadyProcessed(request.returnId);

        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(DEPOSIT_RETURN_TYPEHASH, request)));
        (address recovered, ECDSA.RecoverError err, ) = ECDSA.tryRecoverCalldata(digest, signature);
        bool byRecipient = err != ECDSA.RecoverError.NoError || recovered != _config.signer;
        if (byRecipient && !_isValidSignature(terms.recipientAddress, digest, signature)) {
            revert InvalidReturnSignature(terms.recipientAddress);
        }
        _paymentBits[word] = bits | returnBit;

        address token = request.tokenAddress;
        uint256 available = token == address(0) ? deposit.balance : IERC20(token).balanceOf(deposit);
        // The signer's bound: of the payment's token, never the payment's amount, unless this address settled the
        // payment itself (then everything left is excess or came later).
        if (!byRecipient && token == terms.tokenAddress && !_depositsSettledWithExcess[deposit]) {
            // available > terms.amount is checked first
            unchecked {
                available = available > terms.amount ? available - terms.amount : 0;
            }
        }
        if (request.amount > available) revert ReturnExceedsAvailable(deposit, token, request.amount, available);
        if (token == address(0)) {
            // Native coin leaves whole (self-destruct sends the balance): at least `amount`.
            _createDeposit(salt, address(0), address(0), 0, address(0), 0, request.to);
        } else {
            _createDeposit(salt, token, request.to, request.amount, address(0), 0, terms.recipientAddress);
        }
        emit DepositReturned(
            terms.paymentId,
            deposit,
            request.returnId,
            token,
            request.to,
            request.amount,
            byRecipient
        );
    }

    /// @inheritdoc IPaymentGatewayExtension
    function cancelSubscription(Subscription calldata subscription) external {
        address caller = _msgSender();
        if (caller != subscription.payer && caller != subscription.recipientAddress) {
            revert SubscriptionCancelNotAllowed(subscription.subscriptionId, caller);
        }
        _cancelSubscription(subscription, _subscriptionDigest(subscription), caller);
    }

    /// @inheritdoc IPaymentGatewayExtension
    function cancelSubscriptionBySignature(Subscription calldata subscription, bytes calldata signature) external {
        bytes32 key = _subscriptionDigest(subscription);
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(CANCEL_SUBSCRIPTION_TYPEHASH, key)));
        address signer_ = _config.signer;
        (address recovered, ECDSA.RecoverError err, ) = ECDSA.tryRecoverCalldata(digest, signature);
        address canceledBy = signer_;
        if (err != ECDSA.RecoverError.NoError || recovered != signer_) {
            _checkPayerSignature(subscription.payer, digest, signature);
            canceledBy = subscription.payer;
        }
        _cancelSubscription(subscription, key, canceledBy);
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

    /// @notice Uniswap's Permit2 as this gateway uses it; zero when deployed without it.
    function permit2() external view returns (address) {
        return _permit2;
    }

    /**
     * @notice The deposit address of a payment's deposit terms (whether or not anything was sent to it).
     * @param terms The deposit terms.
     */
    function depositAddress(DepositTerms calldata terms) external view returns (address) {
        return _depositAddress(_depositDigest(terms));
    }

    /**
     * @notice Whether `deposit` settled its own payment and kept an excess, so that all it holds may be returned on
     * the service signer's authority.
     * @param deposit A deposit address.
     */
    function isDepositSettledWithExcess(address deposit) external view returns (bool) {
        return _depositsSettledWithExcess[deposit];
    }

    /**
     * @notice The on-chain state of a subscription and one of its charges.
     * @param subscription The schedule's EIP-712 digest (what its payer signed).
     * @param period A charge's period.
     * @return active Its first charge was taken (its signatures were checked).
     * @return canceled It was canceled.
     * @return charged Charge `period` was taken.
     */
    function subscriptionState(
        bytes32 subscription,
        uint256 period
    ) external view returns (bool active, bool canceled, bool charged) {
        uint256 word0 = _subscriptionBits[subscription][0];
        uint256 index = period + 2;
        return (
            word0 & _SUBSCRIPTION_ACTIVE != 0,
            word0 & _SUBSCRIPTION_CANCELED != 0,
            _subscriptionBits[subscription][index >> 8] & (1 << (index & 255)) != 0
        );
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

    function _cancelSubscription(Subscription calldata subscription, bytes32 key, address canceledBy) private {
        _subscriptionBits[key][0] |= _SUBSCRIPTION_CANCELED;
        emit SubscriptionCanceled(subscription.subscriptionId, subscription.payer, canceledBy);
    }
}
