// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

import {DepositSweeper} from "../deposits/DepositSweeper.sol";
import {IPaymentGatewayTypes} from "./interfaces/IPaymentGatewayTypes.sol";
import {ERC6492Deployer} from "./utils/ERC6492Deployer.sol";

/**
 * @title PaymentGatewayBase
 * @notice What the two halves of Kassa's gateway share: one storage layout (configuration, the payments bitmap,
 * deposit and subscription state), the fee logic, the signature checks and the deposit addresses. {PaymentGateway}
 * holds the paths money takes; it delegates every other call to {PaymentGatewayExtension} (administration, views,
 * returns from deposit addresses, cancellations), which runs on the gateway's storage. Payers and the service talk
 * to one address, the gateway's.
 */
abstract contract PaymentGatewayBase is IPaymentGatewayTypes, EIP712, ERC2771Context, Ownable2Step {
    using SafeERC20 for IERC20;

    /// @notice Highest fee the owner can set, in basis points (10%).
    uint16 public constant MAX_FEE_BPS = 1_000;

    /// @notice Lifetime of a server-signed payment request: the service signs each one at `deadline` minus this.
    uint256 public constant SIGNATURE_LIFETIME = 3_600;

    uint256 internal constant _BPS_DENOMINATOR = 10_000;

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

    /// @notice EIP-712 type hash of the payer-signed payment intent (Permit2 witness, EIP-3009 nonce, intent path).
    bytes32 internal constant PAYMENT_INTENT_TYPEHASH =
        keccak256(
            "PaymentIntent(bytes32 paymentId,address tokenAddress,uint256 amount,address recipientAddress,bytes32 merchantId,uint256 deadline,address payer)"
        );

    /// @notice EIP-712 type hash of the server-signed terms of a payment by transfer to a deposit address.
    bytes32 internal constant DEPOSIT_REQUEST_TYPEHASH =
        keccak256(
            "DepositRequest(bytes32 paymentId,address tokenAddress,uint256 amount,uint256 minimumAmount,address recipientAddress,bytes32 merchantId,uint16 feeBps)"
        );

    /// @notice EIP-712 type hash of the server-signed terms of several deposits swept in one transaction.
    bytes32 internal constant DEPOSIT_BATCH_TYPEHASH =
        keccak256(
            "DepositBatch(DepositRequest[] deposits)DepositRequest(bytes32 paymentId,address tokenAddress,uint256 amount,uint256 minimumAmount,address recipientAddress,bytes32 merchantId,uint16 feeBps)"
        );

    /// @notice EIP-712 type hash of a return of money from a deposit address.
    bytes32 internal constant DEPOSIT_RETURN_TYPEHASH =
        keccak256(
            "DepositReturn(address deposit,bytes32 returnId,address tokenAddress,address to,uint256 amount,uint256 deadline)"
        );

    /// @notice EIP-712 type hash of a payer's subscription.
    bytes32 internal constant SUBSCRIPTION_TYPEHASH =
        keccak256(
            "Subscription(bytes32 subscriptionId,address payer,address tokenAddress,uint256 amount,bool variableAmount,bool usePermit2,address recipientAddress,bytes32 merchantId,uint256 period,uint256 startsAt,uint256 charges)"
        );

    /// @notice EIP-712 type hash of the server-signed charge of a variable subscription.
    bytes32 internal constant SUBSCRIPTION_CHARGE_TYPEHASH =
        keccak256("SubscriptionCharge(bytes32 subscription,uint256 period,uint256 amount,uint256 deadline)");

    /// @notice EIP-712 type hash of a signed cancellation of a subscription.
    bytes32 internal constant CANCEL_SUBSCRIPTION_TYPEHASH = keccak256("CancelSubscription(bytes32 subscription)");

    /// @dev Permit2's witness type string for {PAYMENT_INTENT_TYPEHASH} (referenced types in alphabetical order).
    string internal constant _PERMIT2_WITNESS_TYPE =
        "PaymentIntent witness)PaymentIntent(bytes32 paymentId,address tokenAddress,uint256 amount,address recipientAddress,bytes32 merchantId,uint256 deadline,address payer)TokenPermissions(address token,uint256 amount)";

    /// @dev The suffix of an ERC-6492 signature.
    bytes32 internal constant _ERC6492_MAGIC = 0x6492649264926492649264926492649264926492649264926492649264926492;

    /// @dev Subscription state word 0: bit 0 canceled, bit 1 active (signatures checked); periods from bit 2.
    uint256 internal constant _SUBSCRIPTION_CANCELED = 1;
    uint256 internal constant _SUBSCRIPTION_ACTIVE = 2;

    uint256 internal constant _SEQUENCE_MASK = (1 << 64) - 1;

    /**
     * @dev The first of six transient storage slots that hold the moves of the deposit address being created
     * (`token`, `to`, `amount`, `feeTo`, `fee`, `nativeTo`), which its {DepositSweeper} asks for. Whole words
     * written in assembly: Solidity's transient variables of type `address` are written by read-modify-write.
     */
    uint256 internal constant _DEPOSIT_INSTRUCTION_SLOT = uint256(keccak256("kassa.gateway.deposit-instruction"));

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

    Config internal _config;
    Treasury internal _treasury;
    mapping(bytes32 merchantId => MerchantFee) internal _merchantFees;
    /// @dev Two bits per sequence: bit `2 * (sequence & 127)` paid (payment ids), the next refunded (refund ids);
    /// word `sequence >> 7`.
    mapping(uint256 word => uint256 bits) internal _paymentBits;
    /// @dev Number of merchant fee overrides per bit of `Config.merchantFeeFilter`.
    uint32[64] internal _merchantFeeFilterCounts;
    /// @dev Deposit addresses that settled their own payment and kept an excess: all they hold is not principal.
    mapping(address deposit => bool) internal _depositsSettledWithExcess;
    /// @dev Per subscription (its EIP-712 digest): word 0 bits 0-1 canceled/active, then one bit per period from
    /// bit 2 of word 0 on (period `p` is bit `(p + 2) & 255` of word `(p + 2) >> 8`).
    mapping(bytes32 subscription => mapping(uint256 word => uint256 bits)) internal _subscriptionBits;


    /// @dev Uniswap's Permit2, or zero when this gateway was deployed without it.
    address internal immutable _permit2;
    /// @dev Makes the factory calls of ERC-6492 signatures, from an address that is trusted with nothing.
    ERC6492Deployer internal immutable _erc6492Deployer;
    /// @dev keccak256 of the creation code of {DepositSweeper}: with a deposit's digest as salt, its address.
    bytes32 internal immutable _depositInitCodeHash;

    /**
     * @param trustedForwarder_ The OpenZeppelin {ERC2771Forwarder} whose requests run on behalf of their signer.
     * @param initialOwner Owner of the configuration.
     * @param permit2_ Uniswap's Permit2, or zero without it.
     * @param erc6492Deployer_ The contract that makes ERC-6492 factory calls.
     */
    constructor(
        address trustedForwarder_,
        address initialOwner,
        address permit2_,
        ERC6492Deployer erc6492Deployer_
    ) EIP712("KassaGateway", "1") ERC2771Context(trustedForwarder_) Ownable(initialOwner) {
        _permit2 = permit2_;
        _erc6492Deployer = erc6492Deployer_;
        _depositInitCodeHash = keccak256(type(DepositSweeper).creationCode);
    }

    /// @notice Always reverts: without an owner nobody could rotate the signer or pause payments again.
    function renounceOwnership() public view override {
        revert OwnershipCannotBeRenounced();
    }

    function _computeFee(uint256 amount, uint256 feeBps) internal pure returns (uint256) {
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
    function _paymentSlot(bytes32 paymentId) internal pure returns (uint256 word, uint256 paidBit) {
        uint256 sequence = uint256(paymentId) & _SEQUENCE_MASK;
        return (sequence >> 7, 1 << ((sequence & 127) << 1));
    }

    /// @dev The service draws merchant ids at random, so their low six bits spread them over the filter.
    function _filterBit(bytes32 merchantId) internal pure returns (uint256) {
        return uint256(merchantId) & 63;
    }

    /// @dev The fee in basis points of a payment of `merchantId` signed at `signedAt`: the default fee or the
    /// merchant's override in force then. `config` and `treasuryWord` are the two configuration slots, read whole.
    function _feeBpsAt(
        uint256 config,
        uint256 treasuryWord,
        bytes32 merchantId,
        uint256 signedAt
    ) internal view returns (uint256 feeBps) {
        feeBps = signedAt >= treasuryWord >> 176 ? (config >> 160) & 0xffff : (treasuryWord >> 160) & 0xffff;
        if ((config >> 184) & (1 << _filterBit(merchantId)) != 0) {
            MerchantFee memory merchantFee_ = _merchantFees[merchantId];
            if (signedAt >= merchantFee_.changedAt) {
                if (merchantFee_.isSet) feeBps = merchantFee_.feeBps;
            } else if (merchantFee_.wasSet) {
                feeBps = merchantFee_.previousFeeBps;
            }
        }
    }

    /// @dev When the service signed a request with this deadline (it signs with exactly {SIGNATURE_LIFETIME}).
    function _signedAt(uint256 deadline) internal pure returns (uint256) {
        unchecked {
            return deadline > SIGNATURE_LIFETIME ? deadline - SIGNATURE_LIFETIME : 0;
        }
    }

    function _checkServerSignature(address expected, bytes32 structHash, bytes calldata signature) internal view {
        _checkServerSignatureDigest(expected, _hashTypedDataV4(structHash), signature);
    }

    function _checkServerSignatureDigest(address expected, bytes32 digest, bytes calldata signature) internal pure {
        (address recovered, ECDSA.RecoverError err, ) = ECDSA.tryRecoverCalldata(digest, signature);
        if (err != ECDSA.RecoverError.NoError || recovered != expected) {
            revert InvalidServerSignature(recovered, expected);
        }
    }

    function _checkFee(uint16 feeBps) internal pure {
        if (feeBps > MAX_FEE_BPS) revert FeeTooHigh(feeBps, MAX_FEE_BPS);
    }

    function _setTreasury(address treasury_) internal {
        if (treasury_ == address(0)) revert InvalidTreasury(treasury_);
        address previous = _treasury.treasury;
        _treasury.treasury = treasury_;
        emit TreasuryUpdated(previous, treasury_);
    }

    function _setSigner(address signer_) internal {
        if (signer_ == address(0)) revert InvalidSigner(signer_);
        address previous = _config.signer;
        _config.signer = signer_;
        emit SignerUpdated(previous, signer_);
    }

    /// @dev The EIP-712 struct hash of a deposit's terms (`DepositRequest`).
    function _depositStructHash(DepositTerms calldata terms) internal pure returns (bytes32 structHash) {
        bytes32 typeHash = DEPOSIT_REQUEST_TYPEHASH;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), terms, 0xe0)
            structHash := keccak256(ptr, 0x100)
        }
    }

    /// @dev The EIP-712 digest of a deposit's terms: what the service signs, and the CREATE2 salt of its address.
    function _depositDigest(DepositTerms calldata terms) internal view returns (bytes32) {
        return _hashTypedDataV4(_depositStructHash(terms));
    }

    function _depositAddress(bytes32 digest) internal view returns (address) {
        return
            address(
                uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), digest, _depositInitCodeHash))))
            );
    }

    /// @dev Creates the deposit address whose salt is `digest` (its terms' digest) for one set of moves (read back
    /// by its constructor).
    function _createDeposit(
        bytes32 digest,
        address token,
        address to,
        uint256 amount,
        address feeTo,
        uint256 fee,
        address nativeTo
    ) internal {
        uint256 slot = _DEPOSIT_INSTRUCTION_SLOT;
        assembly ("memory-safe") {
            tstore(slot, token)
            tstore(add(slot, 1), to)
            tstore(add(slot, 2), amount)
            tstore(add(slot, 3), feeTo)
            tstore(add(slot, 4), fee)
            tstore(add(slot, 5), nativeTo)
        }
        new DepositSweeper{salt: digest}();
    }

    /// @dev The EIP-712 digest of a subscription: what its payer (and, for a fixed plan, the service) signs, and
    /// the key of its state.
    function _subscriptionDigest(Subscription calldata subscription) internal view returns (bytes32) {
        bytes32 typeHash = SUBSCRIPTION_TYPEHASH;
        bytes32 structHash;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), subscription, 0x160)
            structHash := keccak256(ptr, 0x180)
        }
        return _hashTypedDataV4(structHash);
    }

    /**
     * @dev An ERC-6492 signature's inner signature, after deploying the signer's wallet through the signature's
     * factory call if it has no code yet (the call is made by {ERC6492Deployer}, never by the gateway); any other
     * signature as it is.
     */
    function _unwrapERC6492(address signer_, bytes calldata signature) internal returns (bytes memory) {
        uint256 length = signature.length;
        if (length < 32 || bytes32(signature[length - 32:]) != _ERC6492_MAGIC) return signature;
        (address factory, bytes memory factoryCalldata, bytes memory inner) = abi.decode(
            signature[:length - 32],
            (address, bytes, bytes)
        );
        if (signer_.code.length == 0) _erc6492Deployer.deploy(factory, factoryCalldata);
        return inner;
    }

    /// @dev Whether `signature` is `signer_`'s for `digest`: ECDSA, ERC-1271, or ERC-6492 (deploying the wallet).
    function _isValidSignature(
        address signer_,
        bytes32 digest,
        bytes calldata signature
    ) internal returns (bool) {
        return SignatureChecker.isValidSignatureNow(signer_, digest, _unwrapERC6492(signer_, signature));
    }

    function _checkPayerSignature(address payer, bytes32 digest, bytes calldata signature) internal {
        if (!_isValidSignature(payer, digest, signature)) revert InvalidPayerSignature(payer);
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
