// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

import {DepositAccount} from "./deposits/DepositAccount.sol";
import {IPaymentGatewayTypes} from "./interfaces/IPaymentGatewayTypes.sol";
import {ERC6492Deployer} from "./utils/ERC6492Deployer.sol";

/**
 * @title PaymentGatewayBase
 * @notice What the two halves of Kassa's gateway share: one storage layout (configuration, the payments bitmap,
 * deposit and subscription state), the fee logic, the signature checks, the deposit accounts and one reentrancy
 * lock. {PaymentGateway} holds the paths money takes; it delegates every other call to {PaymentGatewayExtension}
 * (administration, views, returns from deposit accounts, cancellations), which runs on the gateway's storage, and
 * on its transient storage too, so the lock of either half locks both. Payers and the service talk to one address,
 * the gateway's.
 *
 * Version 3's rules, in every entry point of both halves: every state an entry point guards (a paid, refunded or
 * returned mark, a subscription's period and status) is written before its first external call (token transfers,
 * ERC-1271 wallets, ERC-6492 factories, Permit2, EIP-3009 tokens, deposit accounts), and no word read before such a
 * call is written back after it; every state-changing entry point holds the lock ({ReentrancyGuardTransient}), so
 * code reached by an external call cannot enter the gateway again in the same call.
 */
abstract contract PaymentGatewayBase is
    IPaymentGatewayTypes,
    EIP712,
    ERC2771Context,
    Ownable2Step,
    ReentrancyGuardTransient
{
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
     * @dev The `r` of every deposit account's EIP-7702 authorization: the least x-coordinate of a point of secp256k1
     * at or above `uint256(keccak256("kassa.gateway.deposit-account"))` (three above it), taken with even `y`. The
     * point comes from a hash, so nobody knows its discrete logarithm, and therefore nobody knows the private key of
     * any deposit account (Nick's method; see {_depositAddress}).
     */
    uint256 internal constant _DEPOSIT_AUTHORIZATION_R =
        0xbf280978d676226bec339c1921434eac75c21cd7e6baa264e9cc2a5213cd7593;

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
    /// @dev Deposit accounts that settled their own payment and kept an excess: all they hold is not principal.
    mapping(address deposit => bool) internal _depositsSettledWithExcess;
    /// @dev Per subscription (its EIP-712 digest): word 0 bits 0-1 canceled/active, then one bit per period from
    /// bit 2 of word 0 on (period `p` is bit `(p + 2) & 255` of word `(p + 2) >> 8`).
    mapping(bytes32 subscription => mapping(uint256 word => uint256 bits)) internal _subscriptionBits;
    /// @dev Returns sent, per deposit account and return id: made-up terms derive a made-up account, so whoever
    /// makes them up can mark only the returns of an account nobody else uses (version 2 kept them in the payments
    /// bitmap, where a stranger could spend the bits of real refunds).
    mapping(address deposit => mapping(bytes32 returnId => bool)) internal _depositReturns;

    /// @dev Uniswap's Permit2, or zero when this gateway was deployed without it.
    address internal immutable _permit2;
    /// @dev Makes the factory calls of ERC-6492 signatures, from an address that is trusted with nothing.
    ERC6492Deployer internal immutable _erc6492Deployer;
    /// @dev The code every deposit account delegates to (EIP-7702); it obeys this gateway only.
    DepositAccount internal immutable _depositAccountCode;
    /// @dev The EIP-7702 authorization message of every deposit account (chain id, {_depositAccountCode}, nonce 0),
    /// for the chain id the gateway was deployed on.
    bytes32 private immutable _cachedDepositAuthorization;
    uint256 private immutable _cachedDepositChainId;

    /**
     * @param trustedForwarder_ The OpenZeppelin {ERC2771Forwarder} whose requests run on behalf of their signer.
     * @param initialOwner Owner of the configuration.
     * @param permit2_ Uniswap's Permit2, or zero without it.
     * @param erc6492Deployer_ The contract that makes ERC-6492 factory calls.
     * @param depositAccountCode_ The code deposit accounts delegate to, created by the gateway (it obeys its creator).
     */
    constructor(
        address trustedForwarder_,
        address initialOwner,
        address permit2_,
        ERC6492Deployer erc6492Deployer_,
        DepositAccount depositAccountCode_
    ) EIP712("KassaGateway", "1") ERC2771Context(trustedForwarder_) Ownable(initialOwner) {
        _permit2 = permit2_;
        _erc6492Deployer = erc6492Deployer_;
        _depositAccountCode = depositAccountCode_;
        _cachedDepositChainId = block.chainid;
        _cachedDepositAuthorization = _depositAuthorizationMessage(block.chainid, address(depositAccountCode_));
    }

    /// @notice Always reverts: without an owner nobody could rotate the signer or pause payments again.
    function renounceOwnership() public view override {
        revert OwnershipCannotBeRenounced();
    }

    /// @notice Starts the transfer of ownership to `newOwner` (who must accept it). Owner only.
    /// @param newOwner The next owner.
    function transferOwnership(address newOwner) public override nonReentrant {
        super.transferOwnership(newOwner);
    }

    /// @notice Completes the transfer of ownership; called by the pending owner.
    function acceptOwnership() public override nonReentrant {
        super.acceptOwnership();
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

    /**
     * @dev Refuses `signature` unless it is `expected`'s 65-byte ECDSA signature of `digest` with `s` in the lower half
     * of the curve's order (no malleable twin). OpenZeppelin's `ECDSA.tryRecoverCalldata` with the same checks, in
     * assembly: it runs on every payment, and the reentrancy lock's 300 gas had to be found somewhere. `expected` is
     * never zero (the signer cannot be set to zero), so a failed recovery (zero) never matches.
     */
    function _checkServerSignatureDigest(address expected, bytes32 digest, bytes calldata signature) internal view {
        address recovered;
        assembly ("memory-safe") {
            if eq(signature.length, 65) {
                let s := calldataload(add(signature.offset, 0x20))
                if iszero(gt(s, 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0)) {
                    let ptr := mload(0x40)
                    mstore(ptr, digest)
                    mstore(add(ptr, 0x20), byte(0, calldataload(add(signature.offset, 0x40))))
                    mstore(add(ptr, 0x40), calldataload(signature.offset))
                    mstore(add(ptr, 0x60), s)
                    // The precompile answers nothing for an invalid signature (v not 27 or 28, r or s out of range).
                    if staticcall(gas(), 0x01, ptr, 0x80, 0x00, 0x20) {
                        recovered := mul(mload(0x00), eq(returndatasize(), 0x20))
                    }
                }
            }
        }
        if (recovered != expected) revert InvalidServerSignature(recovered, expected);
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

    /**
     * @dev The deposit account of the terms whose digest is `digest`: the EOA that the EIP-7702 authorization
     * `(chain id, {_depositAccountCode}, nonce 0)` with `yParity` 0, `r` = {_DEPOSIT_AUTHORIZATION_R} and
     * `s` = `digest >> 2` (below secp256k1n / 2, as EIP-7702 requires) is signed by. Such a signature is made up, not
     * made with a key (Nick's method): the account's key is `(s * k - z) / r` for the unknown logarithm `k` of the
     * point of `r`, so nobody knows it, and the one authorization that account can ever give is this one, which is
     * public (anyone can derive it from the terms). Once any transaction carries it, the account runs
     * {DepositAccount}, which moves money only when this gateway asks; its nonce is 1 from then on, so no
     * authorization can change its code again. The terms (and through their EIP-712 domain the chain and this
     * gateway) are in the address: money sent to it can only ever be moved under them.
     */
    function _depositAddress(bytes32 digest) internal view returns (address) {
        bytes32 message = block.chainid == _cachedDepositChainId
            ? _cachedDepositAuthorization
            : _depositAuthorizationMessage(block.chainid, address(_depositAccountCode));
        return ecrecover(message, 27, bytes32(_DEPOSIT_AUTHORIZATION_R), bytes32(uint256(digest) >> 2));
    }

    /// @dev EIP-7702's authorization message `keccak256(0x05 || rlp([chainId, delegate, 0]))`.
    function _depositAuthorizationMessage(uint256 chainId, address delegate) private pure returns (bytes32) {
        // The RLP of chainId: one byte below 0x80, else 0x80 + length and the big-endian bytes without leading zeros.
        bytes memory chainIdRlp;
        if (chainId != 0 && chainId < 0x80) {
            chainIdRlp = abi.encodePacked(uint8(chainId));
        } else {
            uint256 length;
            for (uint256 rest = chainId; rest != 0; rest >>= 8) ++length;
            chainIdRlp = abi.encodePacked(uint8(0x80 + length));
            for (uint256 i = length; i > 0; --i) {
                chainIdRlp = abi.encodePacked(chainIdRlp, uint8(chainId >> ((i - 1) * 8)));
            }
        }
        // The list's payload (chain id, the 20-byte delegate, nonce 0 as the empty string) is shorter than 56 bytes.
        bytes memory payload = abi.encodePacked(chainIdRlp, bytes1(0x94), delegate, bytes1(0x80));
        return keccak256(abi.encodePacked(bytes1(0x05), uint8(0xc0 + payload.length), payload));
    }

    /**
     * @dev Has deposit account `deposit` send `amount` of `token` (zero: native coin) to `to` and `fee` of it to
     * `feeTo` ({DepositAccount-move}). An account that does not run {DepositAccount} yet (its authorization was never
     * carried by a transaction) answers nothing: refused, so that nothing is reported moved that did not move. A
     * revert of the account (the token's, such as a blocklisted recipient's) is passed on.
     */
    function _moveFromDeposit(
        address deposit,
        address token,
        address to,
        uint256 amount,
        address feeTo,
        uint256 fee
    ) internal {
        bytes4 selector = DepositAccount.move.selector;
        bool answered;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, selector)
            mstore(add(ptr, 0x04), token)
            mstore(add(ptr, 0x24), to)
            mstore(add(ptr, 0x44), amount)
            mstore(add(ptr, 0x64), feeTo)
            mstore(add(ptr, 0x84), fee)
            if iszero(call(gas(), deposit, 0, ptr, 0xa4, 0x00, 0x20)) {
                returndatacopy(ptr, 0x00, returndatasize())
                revert(ptr, returndatasize())
            }
            answered := and(gt(returndatasize(), 0x1f), eq(mload(0x00), selector))
        }
        if (!answered) revert DepositNotDelegated(deposit);
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

    /// @dev Whether `signature` ends with ERC-6492's magic suffix.
    function _isERC6492(bytes calldata signature) internal pure returns (bool) {
        uint256 length = signature.length;
        return length >= 32 && bytes32(signature[length - 32:]) == _ERC6492_MAGIC;
    }

    /**
     * @dev The inner signature of an ERC-6492 `signature`, after having `signer_`'s wallet deployed by the factory call
     * the envelope carries, only if the wallet must be a contract and has no code: the envelope is chosen by whoever
     * submits it (no signature covers it), so its factory runs only when nothing else can verify the signer. An
     * account without code whose ECDSA signature of `digest` the inner one is (an EOA) needs no factory. The call is
     * made by {ERC6492Deployer}, never by the gateway, and the gateway is locked meanwhile.
     */
    function _unwrapERC6492(
        address signer_,
        bytes32 digest,
        bytes calldata signature
    ) internal returns (bytes memory inner) {
        address factory;
        bytes memory factoryCalldata;
        (factory, factoryCalldata, inner) = abi.decode(signature[:signature.length - 32], (address, bytes, bytes));
        if (signer_.code.length == 0) {
            (address recovered, ECDSA.RecoverError err, ) = ECDSA.tryRecover(digest, inner);
            if (err != ECDSA.RecoverError.NoError || recovered != signer_) {
                _erc6492Deployer.deploy(factory, factoryCalldata);
            }
        }
    }

    /**
     * @dev Whether `signature` is `signer_`'s for `digest`: ECDSA for an account without code, ERC-1271 for one with
     * code, and ERC-6492 for a wallet not deployed yet ({_unwrapERC6492}).
     */
    function _isValidSignature(address signer_, bytes32 digest, bytes calldata signature) internal returns (bool) {
        if (!_isERC6492(signature)) return SignatureChecker.isValidSignatureNowCalldata(signer_, digest, signature);
        return SignatureChecker.isValidSignatureNow(signer_, digest, _unwrapERC6492(signer_, digest, signature));
    }

    function _checkPayerSignature(address payer, bytes32 digest, bytes calldata signature) internal {
        if (!_isValidSignature(payer, digest, signature)) revert InvalidPayerSignature(payer);
    }

    /**
     * @dev {ERC2771Context-_msgSender} in assembly (the last 20 bytes of the calldata when the trusted forwarder calls
     * with at least 20 bytes, the caller otherwise): it runs on every payment.
     */
    function _msgSender() internal view override(Context, ERC2771Context) returns (address sender) {
        address forwarder = trustedForwarder();
        assembly ("memory-safe") {
            sender := caller()
            if and(eq(sender, forwarder), iszero(lt(calldatasize(), 20))) {
                sender := shr(96, calldataload(sub(calldatasize(), 20)))
            }
        }
    }

    function _msgData() internal view override(Context, ERC2771Context) returns (bytes calldata) {
        return ERC2771Context._msgData();
    }

    function _contextSuffixLength() internal view override(Context, ERC2771Context) returns (uint256) {
        return ERC2771Context._contextSuffixLength();
    }
}
