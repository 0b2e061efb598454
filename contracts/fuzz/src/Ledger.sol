// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IPaymentGatewayTypes} from "kassa/interfaces/IPaymentGatewayTypes.sol";
import {TestSmartWallet, TestSmartWalletFactory} from "kassa/test/TestSmartWallet.sol";

import {AttackerFactory} from "./AttackerFactory.sol";
import {FuzzToken} from "./FuzzToken.sol";
import {IGateway, IPermit2Lite} from "./IGateway.sol";
import {Vm, vm} from "./Vm.sol";

/**
 * @title Ledger
 * @notice What the campaign knows: its actors and keys, everything the service, the payers and the attacker signed,
 * and the balances that the gateway's events explain. Every event the gateway emits is checked against what was
 * signed for it (right payer, recipient, amount, fee at the signing time, once); a check that fails is a violation.
 * The invariants then compare the chain with the ledger: every balance, and every bit the gateway keeps.
 */
abstract contract Ledger {
    uint16 internal constant MAX_FEE_BPS = 1_000;
    uint256 internal constant SIGNATURE_LIFETIME = 3_600;
    uint256 internal constant _PAYERS = 4;

    bytes32 internal constant PAYMENT_REQUEST_TYPEHASH = keccak256(
        "PaymentRequest(bytes32 paymentId,address tokenAddress,uint256 amount,address recipientAddress,bytes32 merchantId,uint256 deadline)"
    );
    bytes32 internal constant REFUND_REQUEST_TYPEHASH = keccak256(
        "RefundRequest(bytes32 paymentId,bytes32 refundId,address tokenAddress,address payerAddress,uint256 amount,uint256 deadline)"
    );
    bytes32 internal constant PAYMENT_INTENT_TYPEHASH = keccak256(
        "PaymentIntent(bytes32 paymentId,address tokenAddress,uint256 amount,address recipientAddress,bytes32 merchantId,uint256 deadline,address payer)"
    );
    bytes32 internal constant DEPOSIT_REQUEST_TYPEHASH = keccak256(
        "DepositRequest(bytes32 paymentId,address tokenAddress,uint256 amount,uint256 minimumAmount,address recipientAddress,bytes32 merchantId,uint16 feeBps)"
    );
    bytes32 internal constant DEPOSIT_BATCH_TYPEHASH = keccak256(
        "DepositBatch(DepositRequest[] deposits)DepositRequest(bytes32 paymentId,address tokenAddress,uint256 amount,uint256 minimumAmount,address recipientAddress,bytes32 merchantId,uint16 feeBps)"
    );
    bytes32 internal constant DEPOSIT_RETURN_TYPEHASH = keccak256(
        "DepositReturn(address deposit,bytes32 returnId,address tokenAddress,address to,uint256 amount,uint256 deadline)"
    );
    bytes32 internal constant SUBSCRIPTION_TYPEHASH = keccak256(
        "Subscription(bytes32 subscriptionId,address payer,address tokenAddress,uint256 amount,bool variableAmount,bool usePermit2,address recipientAddress,bytes32 merchantId,uint256 period,uint256 startsAt,uint256 charges)"
    );
    bytes32 internal constant SUBSCRIPTION_CHARGE_TYPEHASH =
        keccak256("SubscriptionCharge(bytes32 subscription,uint256 period,uint256 amount,uint256 deadline)");
    bytes32 internal constant CANCEL_SUBSCRIPTION_TYPEHASH = keccak256("CancelSubscription(bytes32 subscription)");
    bytes32 private constant _PERMIT2_WITNESS_TRANSFER_TYPEHASH = keccak256(
        "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,PaymentIntent witness)PaymentIntent(bytes32 paymentId,address tokenAddress,uint256 amount,address recipientAddress,bytes32 merchantId,uint256 deadline,address payer)TokenPermissions(address token,uint256 amount)"
    );
    bytes32 private constant _PERMIT2_TOKEN_PERMISSIONS_TYPEHASH =
        keccak256("TokenPermissions(address token,uint256 amount)");
    bytes32 private constant _RECEIVE_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 private constant _PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 private constant _DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant _WALLET_MESSAGE_TYPEHASH = keccak256("CoinbaseSmartWalletMessage(bytes32 hash)");
    /// @dev Where the campaign's runner reads its progress and findings (see contracts/scripts/fuzz.ts).
    string private constant _PROGRESS_FILE = "out/progress.txt";
    string private constant _FOUND_FILE = "out/found.txt";

    struct Payment {
        IPaymentGatewayTypes.PaymentTerms terms;
        bytes serverSignature;
        IPaymentGatewayTypes.Permit permit;
        /// @dev The payer who signed (zero for none yet: a direct payment's payer is whoever calls `pay`).
        address payer;
        uint256 payerIndex;
        uint16 feeBps;
        uint8 path;
        bool paid;
        uint256 refundsSigned;
        uint256 refundsDone;
    }

    struct Deposit {
        IPaymentGatewayTypes.DepositTerms terms;
        bytes serverSignature;
        address account;
        address sender;
        uint256 recipientIndex;
        bool settledWithExcess;
        bool madeUp;
    }

    struct Return {
        uint256 deposit;
        IPaymentGatewayTypes.DepositReturn request;
        bool byRecipient;
        bool done;
    }

    struct Refund {
        uint256 payment;
        bytes32 refundId;
        address payer;
        uint256 amount;
        uint256 deadline;
        bytes signature;
        bool done;
    }

    struct Subscription {
        IPaymentGatewayTypes.Subscription schedule;
        bytes32 key;
        uint256 payerIndex;
        IPaymentGatewayTypes.SubscriptionCharge firstCharge;
        bytes firstServerSignature;
        bool active;
        bool canceled;
    }

    address public immutable gateway;
    /// @dev OpenZeppelin's ERC2771Forwarder (production bytecode), which the gateway trusts.
    address internal immutable forwarder;
    uint256 public immutable version;
    address internal immutable _permit2;
    address internal immutable _depositAccountCode;

    uint256 internal constant signerKey = uint256(keccak256("kassa.fuzz.signer"));
    uint256 internal constant attackerKey = uint256(keccak256("kassa.fuzz.attacker"));
    uint256 internal constant walletOwnerKey = uint256(keccak256("kassa.fuzz.wallet-owner"));
    uint256 internal constant merchantKey = uint256(keccak256("kassa.fuzz.merchant"));
    uint256 internal constant merchantWalletOwnerKey = uint256(keccak256("kassa.fuzz.merchant-wallet-owner"));
    address internal constant owner = address(0x0A11);
    address internal constant treasury = address(0x7EA5);
    address internal constant relayer = address(0x5E1A);
    address internal constant stranger = address(0x5775);
    address internal immutable attacker;
    address internal immutable walletOwner;
    address internal immutable signerAddress;

    FuzzToken[2] internal tokens;
    TestSmartWalletFactory internal walletFactory;
    AttackerFactory internal attackerFactory;
    uint256[2] internal payerKeys;
    address[_PAYERS] internal payers;
    address[2] internal recipients;
    bytes32[2] internal merchantIds;
    /// @dev A wallet's owner key, for the accounts that are {TestSmartWallet}s.
    mapping(address wallet => uint256) internal walletKeys;
    /// @dev Every account whose balances the invariants compare with the ledger (deposit accounts too).
    address[] internal accounts;
    mapping(address => bool) internal tracked;

    uint256 internal nextSequence = 1;
    uint256 private _nonce;

    Payment[] internal payments;
    Deposit[] internal deposits;
    Return[] internal returns_;
    Refund[] internal refunds;
    Subscription[] internal subscriptions;
    mapping(bytes32 paymentId => uint256) internal paymentOf;
    mapping(bytes32 paymentId => uint256) internal depositOf;
    mapping(bytes32 paymentId => bool) internal paidIds;
    mapping(bytes32 refundId => uint256) internal refundOf;
    mapping(bytes32 accountAndReturnId => uint256) internal returnOf;
    mapping(bytes32 subscriptionId => uint256) internal subscriptionOf;
    mapping(bytes32 key => mapping(uint256 period => bool)) internal charged;
    /// @dev The fee (plus one) of each variable charge the service signed, by subscription, period and amount.
    mapping(bytes32 key => mapping(uint256 period => mapping(uint256 amount => uint256))) internal signedChargeFee;
    /// @dev Accounts that called `pay` themselves (a direct payment's payer is its caller).
    mapping(address => bool) internal directPayers;
    mapping(address token => mapping(address account => uint256)) public ghostBalance;

    bytes4 internal lastRevertSelector;
    /// @dev Calls sent to the gateway (and the forwarder) by the actors, and those that went through, by selector.
    mapping(bytes4 selector => uint256) internal callsSent;
    mapping(bytes4 selector => uint256) internal callsOk;
    string public violation;
    mapping(bytes32 topic => uint256) internal eventCounts;

    constructor(bytes memory gatewayCode, uint256 version_, address permit2_, bytes memory forwarderCode) {
        version = version_;
        _permit2 = permit2_;
        attacker = vm.addr(attackerKey);
        walletOwner = vm.addr(walletOwnerKey);
        signerAddress = vm.addr(signerKey);
        forwarder = _create(abi.encodePacked(forwarderCode, abi.encode("ERC2771Forwarder")));
        address gateway_ = _create(
            abi.encodePacked(gatewayCode, abi.encode(forwarder, owner, signerAddress, treasury, uint16(100), permit2_))
        );
        gateway = gateway_;
        if (version_ >= 3) {
            (address code,) = IGateway(gateway_).depositAccountCode();
            _depositAccountCode = code;
        }
        vm.label(gateway_, "gateway");
        vm.label(attacker, "attacker");

        tokens[0] = new FuzzToken("Token A");
        tokens[1] = new FuzzToken("Token B");
        walletFactory = new TestSmartWalletFactory();
        vm.prank(attacker);
        attackerFactory = new AttackerFactory();

        payerKeys[0] = uint256(keccak256("kassa.fuzz.payer-0"));
        payerKeys[1] = uint256(keccak256("kassa.fuzz.payer-1"));
        payers[0] = vm.addr(payerKeys[0]);
        payers[1] = vm.addr(payerKeys[1]);
        payers[2] = address(walletFactory.createAccount(walletOwner, 0));
        // Not deployed: it signs through ERC-6492, and pays by EIP-3009 (which needs no allowance).
        payers[3] = walletFactory.getAddress(walletOwner, 1);
        walletKeys[payers[2]] = walletOwnerKey;
        walletKeys[payers[3]] = walletOwnerKey;
        recipients[0] = vm.addr(merchantKey);
        recipients[1] = address(walletFactory.createAccount(vm.addr(merchantWalletOwnerKey), 0));
        walletKeys[recipients[1]] = merchantWalletOwnerKey;
        merchantIds[0] = bytes32(uint256(keccak256("kassa.fuzz.merchant-0")) | 5) & ~bytes32(uint256(58));
        merchantIds[1] = bytes32(uint256(keccak256("kassa.fuzz.merchant-1")) | 9) & ~bytes32(uint256(54));

        address[9] memory funded =
            [payers[0], payers[1], payers[2], payers[3], recipients[0], recipients[1], attacker, stranger, relayer];
        for (uint256 i = 0; i < funded.length; ++i) {
            _track(funded[i]);
        }
        _track(treasury);
        _track(gateway_);
        _track(address(attackerFactory));
        for (uint256 t = 0; t < 2; ++t) {
            for (uint256 i = 0; i < 8; ++i) {
                tokens[t].mint(funded[i], 1e30);
                ghostBalance[address(tokens[t])][funded[i]] = 1e30;
            }
            // Allowances to the gateway (and Permit2's) of everyone who pays or refunds, the attacker too.
            for (uint256 i = 0; i < 7; ++i) {
                if (i == 3) continue;
                _callFrom(funded[i], address(tokens[t]), abi.encodeCall(IERC20.approve, (gateway_, type(uint256).max)));
                _callFrom(funded[i], address(tokens[t]), abi.encodeCall(IERC20.approve, (permit2_, type(uint256).max)));
                _callFrom(
                    funded[i],
                    permit2_,
                    abi.encodeCall(
                        IPermit2Lite.approve, (address(tokens[t]), gateway_, type(uint160).max, type(uint48).max)
                    )
                );
            }
        }
        vm.warp(1_800_000_000);
    }

    // ---------------------------------------------------------------- the campaign's bookkeeping

    /// @dev Counts a handler call for the whole campaign (the environment outlives each run's state), reports progress
    /// every 1,000 calls, and stops acting once this run found a violation (the rest of the run would only repeat it).
    modifier counted() {
        if (bytes(violation).length != 0) return;
        uint256 calls = vm.envOr("KASSA_FUZZ_CALLS", uint256(0)) + 1;
        vm.setEnv("KASSA_FUZZ_CALLS", vm.toString(calls));
        if (calls % 1_000 == 0) vm.writeFile(_PROGRESS_FILE, vm.toString(calls));
        _;
    }

    /// @dev Records a violation (the first of the run), and for the campaign the call at which each kind first showed.
    function _violate(string memory kind, string memory detail) internal {
        if (bytes(violation).length != 0) return;
        violation = string.concat(kind, ": ", detail);
        string memory name = string.concat("KASSA_FUZZ_FOUND_", kind);
        if (vm.envOr(name, uint256(0)) == 0) {
            uint256 calls = vm.envOr("KASSA_FUZZ_CALLS", uint256(0));
            vm.setEnv(name, vm.toString(calls));
            // One finding a line ("|" in the environment, which keeps no line breaks).
            string memory found = string.concat(
                vm.envOr("KASSA_FUZZ_FOUND", string("")), kind, " ", vm.toString(calls), " ", detail, "|"
            );
            vm.setEnv("KASSA_FUZZ_FOUND", found);
            vm.writeFile(_FOUND_FILE, found);
        }
    }

    function _track(address account) internal {
        if (tracked[account]) return;
        tracked[account] = true;
        accounts.push(account);
    }

    function _nextId() internal returns (bytes32) {
        return bytes32((uint256(keccak256(abi.encode("id", ++_nonce))) << 64) | nextSequence++);
    }

    function _random() internal returns (uint256) {
        return uint256(keccak256(abi.encode("random", ++_nonce)));
    }

    function _create(bytes memory code) private returns (address created) {
        assembly ("memory-safe") {
            created := create(0, add(code, 0x20), mload(code))
        }
        require(created != address(0), "deployment failed");
    }

    // ---------------------------------------------------------------- calls

    /// @dev Calls `target` from `account` (through its `execute` when it is a wallet): no event is expected.
    function _callFrom(address account, address target, bytes memory data) internal returns (bool ok) {
        uint256 key = walletKeys[account];
        if (key != 0) {
            if (account.code.length == 0) return false;
            vm.prank(vm.addr(key));
            (ok,) = account.call(abi.encodeCall(TestSmartWallet.execute, (target, 0, data)));
        } else {
            vm.prank(account);
            (ok,) = target.call(data);
        }
    }

    /// @dev Calls the gateway with `data` from `from` (a wallet through its owner), then checks its events.
    function _call(address from, bytes memory data) internal returns (bool ok) {
        return _call(from, gateway, data);
    }

    /// @dev Calls `target` (the gateway, or the forwarder) with `data` from `from`, then checks the gateway's events.
    function _call(address from, address target, bytes memory data) internal returns (bool ok) {
        vm.recordLogs();
        bytes memory result;
        uint256 key = walletKeys[from];
        if (key != 0) {
            if (from.code.length == 0) return false;
            vm.prank(vm.addr(key));
            (ok, result) = from.call(abi.encodeCall(TestSmartWallet.execute, (target, 0, data)));
        } else {
            vm.prank(from);
            (ok, result) = target.call(data);
        }
        Vm.Log[] memory logs = vm.getRecordedLogs();
        bytes4 selector = bytes4(data);
        ++callsSent[selector];
        if (ok) ++callsOk[selector];
        if (ok) {
            bool[] memory reverted = _revertedLogs(logs);
            for (uint256 i = 0; i < logs.length; ++i) {
                if (logs[i].emitter == gateway && !reverted[i]) _checkEvent(logs[i]);
            }
        } else {
            lastRevertSelector = result.length >= 4 ? bytes4(result) : bytes4(0);
        }
    }

    /**
     * @dev Which of a successful call's logs were emitted inside a call the attacker's factory made and that failed
     * (forge records the logs of reverted calls too): those between a {AttackerFactory-CallStarted} and its
     * {AttackerFactory-CallEnded} with `success` false, or with no end (the factory itself reverted).
     */
    function _revertedLogs(Vm.Log[] memory logs) private view returns (bool[] memory reverted) {
        reverted = new bool[](logs.length);
        uint256[] memory starts = new uint256[](logs.length);
        uint256 depth;
        for (uint256 i = 0; i < logs.length; ++i) {
            if (logs[i].emitter != address(attackerFactory)) continue;
            if (logs[i].topics[0] == AttackerFactory.CallStarted.selector) {
                starts[depth++] = i;
            } else if (logs[i].topics[0] == AttackerFactory.CallEnded.selector) {
                uint256 start = starts[--depth];
                if (!abi.decode(logs[i].data, (bool))) {
                    for (uint256 k = start; k < i; ++k) {
                        reverted[k] = true;
                    }
                }
            }
        }
        while (depth != 0) {
            for (uint256 k = starts[--depth]; k < logs.length; ++k) {
                reverted[k] = true;
            }
        }
    }

    /// @dev A token transfer by `from` (no gateway involved), in the ledger too.
    function _transfer(address from, address token, address to, uint256 amount) internal {
        if (ghostBalance[token][from] < amount) return;
        if (_callFrom(from, token, abi.encodeCall(IERC20.transfer, (to, amount)))) {
            ghostBalance[token][from] -= amount;
            ghostBalance[token][to] += amount;
        }
    }

    // ---------------------------------------------------------------- what the actors sign

    function _sign(uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    function _domain(string memory name, string memory version_, address verifyingContract)
        internal
        view
        returns (bytes32)
    {
        return keccak256(
            abi.encode(
                _DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256(bytes(version_)), block.chainid, verifyingContract
            )
        );
    }

    function _typed(bytes32 domain, bytes32 structHash) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    function _gatewayDigest(bytes32 structHash) internal view returns (bytes32) {
        return _typed(_domain("KassaGateway", "1", gateway), structHash);
    }

    /// @dev A wallet's ERC-1271 signature of `digest` (Coinbase's replay-safe hash, owner index 0).
    function _walletSignature(address wallet, bytes32 digest) internal view returns (bytes memory) {
        bytes32 safe = _typed(
            _domain("Coinbase Smart Wallet", "1", wallet), keccak256(abi.encode(_WALLET_MESSAGE_TYPEHASH, digest))
        );
        return abi.encode(uint256(0), _sign(walletKeys[wallet], safe));
    }

    /// @dev Payer `index`'s signature of `digest`: ECDSA, ERC-1271, or ERC-6492 while its wallet has no code.
    function _payerSignature(uint256 index, bytes32 digest) internal view returns (bytes memory) {
        if (index < 2) return _sign(payerKeys[index], digest);
        address wallet = payers[index];
        bytes memory inner = _walletSignature(wallet, digest);
        if (wallet.code.length != 0) return inner;
        return abi.encodePacked(
            abi.encode(
                address(walletFactory), abi.encodeCall(TestSmartWalletFactory.createAccount, (walletOwner, 1)), inner
            ),
            bytes32(0x6492649264926492649264926492649264926492649264926492649264926492)
        );
    }

    function _recipientSignature(uint256 index, bytes32 digest) internal view returns (bytes memory) {
        return index == 0 ? _sign(merchantKey, digest) : _walletSignature(recipients[1], digest);
    }

    function _intentHash(IPaymentGatewayTypes.PaymentTerms memory terms, address payer)
        internal
        pure
        returns (bytes32)
    {
        return keccak256(abi.encode(PAYMENT_INTENT_TYPEHASH, terms, payer));
    }

    function _permit2Digest(IPaymentGatewayTypes.PaymentTerms memory terms, address payer, uint256 nonce)
        internal
        view
        returns (bytes32)
    {
        bytes32 structHash = keccak256(
            abi.encode(
                _PERMIT2_WITNESS_TRANSFER_TYPEHASH,
                keccak256(abi.encode(_PERMIT2_TOKEN_PERMISSIONS_TYPEHASH, terms.tokenAddress, terms.amount)),
                gateway,
                nonce,
                terms.deadline,
                _intentHash(terms, payer)
            )
        );
        return _typed(IPermit2Lite(_permit2).DOMAIN_SEPARATOR(), structHash);
    }

    function _authorizationDigest(IPaymentGatewayTypes.PaymentTerms memory terms, address payer)
        internal
        view
        returns (bytes32)
    {
        bytes32 nonce = _gatewayDigest(_intentHash(terms, payer));
        return _typed(
            FuzzToken(terms.tokenAddress).DOMAIN_SEPARATOR(),
            keccak256(
                abi.encode(_RECEIVE_WITH_AUTHORIZATION_TYPEHASH, payer, gateway, terms.amount, 0, terms.deadline, nonce)
            )
        );
    }

    function _depositDigest(IPaymentGatewayTypes.DepositTerms memory terms) internal view returns (bytes32) {
        return _gatewayDigest(keccak256(abi.encode(DEPOSIT_REQUEST_TYPEHASH, terms)));
    }

    function _signBatch(uint256 d, uint256 e) internal view returns (bytes memory) {
        bytes32 hashes = keccak256(
            abi.encodePacked(
                keccak256(abi.encode(DEPOSIT_REQUEST_TYPEHASH, deposits[d].terms)),
                keccak256(abi.encode(DEPOSIT_REQUEST_TYPEHASH, deposits[e].terms))
            )
        );
        return _sign(signerKey, _gatewayDigest(keccak256(abi.encode(DEPOSIT_BATCH_TYPEHASH, hashes))));
    }

    /// @dev The fee a request signed now for `merchantId` pays.
    function _feeNow(bytes32 merchantId) internal view returns (uint16 feeBps) {
        (feeBps,) = IGateway(gateway).merchantFee(merchantId);
    }

    function _computeFee(uint256 amount, uint256 feeBps) internal pure returns (uint256) {
        return (amount * feeBps) / 10_000;
    }

    // ---------------------------------------------------------------- what the service issues

    /// @dev A new payment signed by the service for payer `payerIndex` (path 0: it pays directly).
    function _paymentFor(uint256 payerIndex, uint256 amountSeed, uint256 options, uint256 path)
        internal
        returns (uint256)
    {
        uint256 m = (options >> 1) % 2;
        IPaymentGatewayTypes.PaymentTerms memory terms = IPaymentGatewayTypes.PaymentTerms({
            paymentId: _nextId(),
            tokenAddress: address(tokens[options % 2]),
            amount: 1 + (amountSeed % 1e21),
            recipientAddress: recipients[m],
            merchantId: merchantIds[m],
            deadline: block.timestamp + SIGNATURE_LIFETIME
        });
        Payment storage payment = payments.push();
        payment.terms = terms;
        payment.serverSignature =
            _sign(signerKey, _gatewayDigest(keccak256(abi.encode(PAYMENT_REQUEST_TYPEHASH, terms))));
        payment.payer = payers[payerIndex % _PAYERS];
        payment.payerIndex = payerIndex % _PAYERS;
        payment.feeBps = _feeNow(terms.merchantId);
        payment.path = uint8(path);
        if (path == 0 && payment.payerIndex < 2 && (options >> 2) & 1 == 1) {
            FuzzToken token = FuzzToken(terms.tokenAddress);
            bytes32 digest = _typed(
                token.DOMAIN_SEPARATOR(),
                keccak256(
                    abi.encode(
                        _PERMIT_TYPEHASH,
                        payment.payer,
                        gateway,
                        terms.amount,
                        token.nonces(payment.payer),
                        terms.deadline
                    )
                )
            );
            (uint8 v, bytes32 r, bytes32 s) = vm.sign(payerKeys[payment.payerIndex], digest);
            payment.permit = IPaymentGatewayTypes.Permit(terms.deadline, v, r, s);
        }
        paymentOf[terms.paymentId] = payments.length;
        return payments.length - 1;
    }

    function _newDeposit(uint256 payerSeed, uint256 amountSeed, uint256 options) internal returns (uint256) {
        uint256 m = (options >> 8) % 2;
        uint256 amount = 1 + (amountSeed % 1e21);
        IPaymentGatewayTypes.DepositTerms memory terms = IPaymentGatewayTypes.DepositTerms({
            paymentId: _nextId(),
            tokenAddress: address(tokens[(options >> 9) % 2]),
            amount: amount,
            minimumAmount: amount - (amount * ((options >> 10) % 3)) / 100,
            recipientAddress: recipients[m],
            merchantId: merchantIds[m],
            feeBps: _feeNow(merchantIds[m])
        });
        Deposit storage dep = deposits.push();
        dep.terms = terms;
        dep.serverSignature = _sign(signerKey, _depositDigest(terms));
        dep.account = IGateway(gateway).depositAddress(terms);
        dep.sender = payers[payerSeed % 3];
        dep.recipientIndex = m;
        depositOf[terms.paymentId] = deposits.length;
        _track(dep.account);
        return deposits.length - 1;
    }

    /// @dev Terms the attacker makes up, naming itself as recipient: their account is its own.
    function _madeUpDeposit(uint256 seed) internal returns (uint256) {
        IPaymentGatewayTypes.DepositTerms memory terms = IPaymentGatewayTypes.DepositTerms({
            paymentId: bytes32(_random()),
            tokenAddress: address(tokens[seed % 2]),
            amount: 1 + (seed % 1e18),
            minimumAmount: 1,
            recipientAddress: attacker,
            merchantId: bytes32(_random()),
            feeBps: 0
        });
        Deposit storage dep = deposits.push();
        dep.terms = terms;
        dep.account = IGateway(gateway).depositAddress(terms);
        dep.sender = attacker;
        dep.madeUp = true;
        _track(dep.account);
        return deposits.length - 1;
    }

    /// @dev Carries deposit `d`'s EIP-7702 authorization (version 3; version 2's addresses need none): the keyless
    /// signature whose `s` is the terms' digest shifted right by two bits.
    function _delegate(uint256 d) internal {
        if (version < 3) return;
        Deposit storage dep = deposits[d];
        if (dep.account.code.length != 0) return;
        (, bytes32 r) = IGateway(gateway).depositAccountCode();
        vm.attachDelegation(
            Vm.SignedDelegation({
                v: 0,
                r: r,
                s: bytes32(uint256(_depositDigest(dep.terms)) >> 2),
                nonce: 0,
                implementation: _depositAccountCode
            })
        );
        require(dep.account.code.length != 0, "the deposit authorization did not delegate the deposit account");
    }

    function _recordReturn(uint256 d, IPaymentGatewayTypes.DepositReturn memory request, bool byRecipient)
        internal
        returns (uint256)
    {
        Return storage r = returns_.push();
        r.deposit = d;
        r.request = request;
        r.byRecipient = byRecipient;
        returnOf[keccak256(abi.encode(request.deposit, request.returnId))] = returns_.length;
        return returns_.length - 1;
    }

    function _newRefund(uint256 p, uint256 amount) internal returns (uint256) {
        Payment storage payment = payments[p];
        Refund storage r = refunds.push();
        r.payment = p;
        r.refundId = _nextId();
        r.payer = payment.payer;
        r.amount = amount;
        r.deadline = block.timestamp + SIGNATURE_LIFETIME;
        r.signature = _sign(
            signerKey,
            _gatewayDigest(
                keccak256(
                    abi.encode(
                        REFUND_REQUEST_TYPEHASH,
                        payment.terms.paymentId,
                        r.refundId,
                        payment.terms.tokenAddress,
                        r.payer,
                        amount,
                        r.deadline
                    )
                )
            )
        );
        payment.refundsSigned += amount;
        refundOf[r.refundId] = refunds.length;
        return refunds.length - 1;
    }

    function _newSubscription(uint256 payerIndex, uint256 amountSeed, bool variable, bool usePermit2, uint256 options)
        internal
        returns (uint256 s)
    {
        uint256 m = (options >> 4) % 2;
        IPaymentGatewayTypes.Subscription memory schedule = IPaymentGatewayTypes.Subscription({
            subscriptionId: bytes32(_random()),
            payer: payers[payerIndex],
            tokenAddress: address(tokens[(options >> 5) % 2]),
            amount: 1 + (amountSeed % 1e20),
            variableAmount: variable,
            usePermit2: usePermit2,
            recipientAddress: recipients[m],
            merchantId: merchantIds[m],
            period: 1_800 * (1 + (options % 4)),
            startsAt: block.timestamp,
            charges: 1 + ((options >> 2) % 4)
        });
        Subscription storage sub = subscriptions.push();
        s = subscriptions.length - 1;
        sub.schedule = schedule;
        sub.key = _gatewayDigest(keccak256(abi.encode(SUBSCRIPTION_TYPEHASH, schedule)));
        sub.payerIndex = payerIndex;
        subscriptionOf[schedule.subscriptionId] = subscriptions.length;
        bytes memory serverSignature;
        (sub.firstCharge, serverSignature) = _signCharge(s, 0, amountSeed >> 80);
        sub.firstServerSignature = variable ? serverSignature : _sign(signerKey, sub.key);
    }

    /// @dev Charge `period` of subscription `s`: a fixed plan's amount, or a variable plan's signed by the service now.
    function _signCharge(uint256 s, uint256 period, uint256 amountSeed)
        internal
        returns (IPaymentGatewayTypes.SubscriptionCharge memory c, bytes memory signature)
    {
        Subscription storage sub = subscriptions[s];
        if (!sub.schedule.variableAmount) {
            return (IPaymentGatewayTypes.SubscriptionCharge(period, sub.schedule.amount, 0), "");
        }
        c = IPaymentGatewayTypes.SubscriptionCharge({
            period: period,
            amount: 1 + (amountSeed % sub.schedule.amount),
            deadline: block.timestamp + SIGNATURE_LIFETIME
        });
        signature = _sign(
            signerKey,
            _gatewayDigest(keccak256(abi.encode(SUBSCRIPTION_CHARGE_TYPEHASH, sub.key, period, c.amount, c.deadline)))
        );
        signedChargeFee[sub.key][period][c.amount] = 1 + _feeNow(sub.schedule.merchantId);
    }

    // ---------------------------------------------------------------- checking events against signatures

    function _checkEvent(Vm.Log memory log) private {
        bytes32 topic = log.topics[0];
        ++eventCounts[topic];
        if (topic == IPaymentGatewayTypes.PaymentCompleted.selector) _onPayment(log);
        else if (topic == IPaymentGatewayTypes.RefundCompleted.selector) _onRefund(log);
        else if (topic == IPaymentGatewayTypes.DepositSwept.selector) _onSweep(log);
        else if (topic == IPaymentGatewayTypes.DepositReturned.selector) _onReturn(log);
        else if (topic == IPaymentGatewayTypes.SubscriptionCharged.selector) _onCharge(log);
        else if (topic == IPaymentGatewayTypes.SubscriptionCanceled.selector) _onCancel(log);
    }

    function _move(address token, address from, address to, uint256 amount) private {
        uint256 balance = ghostBalance[token][from];
        if (balance < amount) {
            _violate("OVERDRAWN", string.concat("more left an account than the ledger gave it: ", vm.toString(amount)));
            return;
        }
        ghostBalance[token][from] = balance - amount;
        ghostBalance[token][to] += amount;
    }

    function _onPayment(Vm.Log memory log) private {
        bytes32 id = log.topics[1];
        address payer = address(uint160(uint256(log.topics[3])));
        (address recipient, address token, uint256 amount, uint256 fee) =
            abi.decode(log.data, (address, address, uint256, uint256));
        uint256 p = paymentOf[id];
        if (p == 0) return _violate("UNKNOWN_PAYMENT", "a payment the service never signed");
        Payment storage payment = payments[p - 1];
        if (paidIds[id]) return _violate("PAID_TWICE", "a payment id was paid twice");
        IPaymentGatewayTypes.PaymentTerms storage terms = payment.terms;
        if (
            recipient != terms.recipientAddress || token != terms.tokenAddress || amount != terms.amount
                || log.topics[2] != terms.merchantId
        ) return _violate("TERMS_CHANGED", "a payment on other terms than signed");
        if (fee != _computeFee(amount, payment.feeBps)) {
            return _violate("WRONG_FEE", "a payment's fee is not the signed one");
        }
        bool authorised = payment.path == 0 ? directPayers[payer] : payer == payment.payer;
        if (!authorised) return _violate("UNAUTHORISED_PAYER", "a payer paid what it never signed");
        paidIds[id] = true;
        payment.paid = true;
        payment.payer = payer;
        _move(token, payer, recipient, amount - fee);
        _move(token, payer, treasury, fee);
    }

    function _onRefund(Vm.Log memory log) private {
        bytes32 paymentId = log.topics[1];
        address sender = address(uint160(uint256(log.topics[2])));
        address payer = address(uint160(uint256(log.topics[3])));
        (bytes32 refundId, address token, uint256 amount) = abi.decode(log.data, (bytes32, address, uint256));
        uint256 r = refundOf[refundId];
        if (r == 0) return _violate("UNKNOWN_REFUND", "a refund the service never signed");
        Refund storage refund_ = refunds[r - 1];
        if (refund_.done) return _violate("REFUNDED_TWICE", "a refund id was sent twice");
        Payment storage payment = payments[refund_.payment];
        if (
            paymentId != payment.terms.paymentId || payer != refund_.payer || amount != refund_.amount
                || token != payment.terms.tokenAddress
        ) {
            return _violate("TERMS_CHANGED", "a refund on other terms than signed");
        }
        if (!payment.paid) return _violate("REFUND_UNPAID", "a refund of an unpaid payment");
        if (payment.refundsDone + amount > payment.terms.amount) {
            return _violate("REFUND_EXCEEDS", "refunds above the paid amount");
        }
        refund_.done = true;
        payment.refundsDone += amount;
        _move(token, sender, payer, amount);
    }

    function _onSweep(Vm.Log memory log) private {
        bytes32 id = log.topics[1];
        address account = address(uint160(uint256(log.topics[3])));
        (address recipient, address token, uint256 amount, uint256 fee) =
            abi.decode(log.data, (address, address, uint256, uint256));
        uint256 d = depositOf[id];
        if (d == 0) return _violate("UNKNOWN_DEPOSIT", "a sweep of terms the service never signed");
        if (paidIds[id]) return _violate("PAID_TWICE", "a deposit's payment id was paid twice");
        Deposit storage dep = deposits[d - 1];
        uint256 held = ghostBalance[token][account];
        uint256 expected = held < dep.terms.amount ? held : dep.terms.amount;
        if (
            account != dep.account || recipient != dep.terms.recipientAddress || token != dep.terms.tokenAddress
                || amount != expected || held < dep.terms.minimumAmount || held == 0
        ) return _violate("TERMS_CHANGED", "a sweep on other terms than signed");
        if (fee != _computeFee(amount, dep.terms.feeBps)) {
            return _violate("WRONG_FEE", "a sweep's fee is not the signed one");
        }
        paidIds[id] = true;
        if (held > amount) dep.settledWithExcess = true;
        _move(token, account, recipient, amount - fee);
        _move(token, account, treasury, fee);
    }

    function _onReturn(Vm.Log memory log) private {
        address account = address(uint160(uint256(log.topics[2])));
        bytes32 returnId = log.topics[3];
        (address token, address to, uint256 amount, bool byRecipient) =
            abi.decode(log.data, (address, address, uint256, bool));
        uint256 r = returnOf[keccak256(abi.encode(account, returnId))];
        if (r == 0) return _violate("UNKNOWN_RETURN", "a return nobody signed");
        Return storage ret = returns_[r - 1];
        if (ret.done) return _violate("RETURNED_TWICE", "a return id was spent twice");
        if (
            token != ret.request.tokenAddress || to != ret.request.to || amount != ret.request.amount
                || byRecipient != ret.byRecipient
        ) {
            return _violate("TERMS_CHANGED", "a return on other terms than signed");
        }
        Deposit storage dep = deposits[ret.deposit];
        if (!byRecipient) {
            uint256 held = ghostBalance[token][account];
            uint256 allowed = held;
            if (token == dep.terms.tokenAddress && !dep.settledWithExcess) {
                allowed = held > dep.terms.amount ? held - dep.terms.amount : 0;
            }
            if (amount > allowed) return _violate("PRINCIPAL_MOVED", "the signer returned a payment's principal");
        }
        ret.done = true;
        _move(token, account, to, amount);
    }

    function _onCharge(Vm.Log memory log) private {
        bytes32 id = log.topics[1];
        address payer = address(uint160(uint256(log.topics[3])));
        (uint256 period, address recipient, address token, uint256 amount, uint256 fee) =
            abi.decode(log.data, (uint256, address, address, uint256, uint256));
        uint256 s = subscriptionOf[id];
        if (s == 0) return _violate("UNKNOWN_SUBSCRIPTION", "a charge of a schedule nobody signed");
        Subscription storage sub = subscriptions[s - 1];
        IPaymentGatewayTypes.Subscription storage schedule = sub.schedule;
        if (sub.canceled) return _violate("CHARGED_AFTER_CANCEL", "a canceled subscription was charged");
        if (charged[sub.key][period]) return _violate("PERIOD_CHARGED_TWICE", "a period was charged twice");
        uint256 opensAt = schedule.startsAt + period * schedule.period;
        if (period >= schedule.charges || block.timestamp < opensAt || block.timestamp >= opensAt + schedule.period) {
            return _violate("OUTSIDE_WINDOW", "a charge outside its period");
        }
        if (payer != schedule.payer || recipient != schedule.recipientAddress || token != schedule.tokenAddress) {
            return _violate("TERMS_CHANGED", "a charge on other terms than signed");
        }
        uint256 feeBps;
        if (schedule.variableAmount) {
            uint256 signed = signedChargeFee[sub.key][period][amount];
            if (signed == 0 || amount > schedule.amount) {
                return _violate("AMOUNT_NOT_SIGNED", "a variable charge nobody signed");
            }
            feeBps = signed - 1;
        } else {
            if (amount != schedule.amount) return _violate("AMOUNT_NOT_SIGNED", "a fixed charge of another amount");
            feeBps = _feeNow(schedule.merchantId);
        }
        if (fee != _computeFee(amount, feeBps)) return _violate("WRONG_FEE", "a charge's fee is not the one in force");
        charged[sub.key][period] = true;
        sub.active = true;
        _move(token, payer, recipient, amount - fee);
        _move(token, payer, treasury, fee);
    }

    function _onCancel(Vm.Log memory log) private {
        uint256 s = subscriptionOf[log.topics[1]];
        if (s == 0) return _violate("UNKNOWN_SUBSCRIPTION", "a cancellation of a schedule nobody signed");
        Subscription storage sub = subscriptions[s - 1];
        address by = abi.decode(log.data, (address));
        if (by != sub.schedule.payer && by != sub.schedule.recipientAddress && by != signerAddress) {
            return _violate("CANCEL_UNAUTHORISED", "a cancellation by someone else");
        }
        sub.canceled = true;
    }

    // ---------------------------------------------------------------- invariants

    /// @notice Reverts with the first violation: an event that no signature explains, a balance that the events do
    /// not explain, a bit the gateway keeps that disagrees with what happened, or the gateway holding a payment.
    function checkInvariants() external {
        if (bytes(violation).length == 0) _checkBalances();
        if (bytes(violation).length == 0) _checkBits();
        if (bytes(violation).length != 0 && vm.envOr("KASSA_FUZZ_SURVEY", uint256(0)) == 0) revert(violation);
    }

    function _checkBalances() private {
        for (uint256 t = 0; t < 2; ++t) {
            address token = address(tokens[t]);
            for (uint256 i = 0; i < accounts.length; ++i) {
                address account = accounts[i];
                uint256 balance = IERC20(token).balanceOf(account);
                if (balance != ghostBalance[token][account]) {
                    return _violate(
                        account == gateway ? "GATEWAY_HOLDS" : "BALANCE",
                        string.concat(
                            "a balance no event explains: ",
                            _role(account),
                            " ",
                            vm.toString(account),
                            " holds ",
                            vm.toString(balance),
                            ", the events say ",
                            vm.toString(ghostBalance[token][account])
                        )
                    );
                }
            }
        }
    }

    function _role(address account) private view returns (string memory) {
        for (uint256 i = 0; i < _PAYERS; ++i) {
            if (account == payers[i]) return string.concat("payer ", vm.toString(i));
        }
        if (account == recipients[0] || account == recipients[1]) return "merchant";
        if (account == treasury) return "treasury";
        if (account == attacker || account == address(attackerFactory)) return "attacker";
        if (account == gateway) return "gateway";
        if (account == stranger || account == relayer) return "stranger";
        return "deposit account";
    }

    function _checkBits() private {
        IGateway g = IGateway(gateway);
        for (uint256 i = 0; i < payments.length; ++i) {
            bytes32 id = payments[i].terms.paymentId;
            if (g.isPaid(id) != paidIds[id]) return _bitViolation(paidIds[id], "payment");
        }
        for (uint256 i = 0; i < deposits.length; ++i) {
            if (deposits[i].madeUp) continue;
            bytes32 id = deposits[i].terms.paymentId;
            if (g.isPaid(id) != paidIds[id]) return _bitViolation(paidIds[id], "deposit");
        }
        for (uint256 i = 0; i < refunds.length; ++i) {
            if (g.isRefunded(refunds[i].refundId) != refunds[i].done) {
                return refunds[i].done
                    ? _violate("BIT_ERASED", "a refund's bit was erased")
                    : _violate("REFUND_BIT_BURNED", "a refund's bit was spent by no refund");
            }
        }
        if (version >= 3) {
            for (uint256 i = 0; i < returns_.length; ++i) {
                Return storage r = returns_[i];
                if (g.isReturned(r.request.deposit, r.request.returnId) != r.done) {
                    return _bitViolation(r.done, "return");
                }
            }
        }
        for (uint256 i = 0; i < subscriptions.length; ++i) {
            Subscription storage sub = subscriptions[i];
            for (uint256 p = 0; p < sub.schedule.charges; ++p) {
                (bool active, bool canceled, bool charged_) = g.subscriptionState(sub.key, p);
                if (active != sub.active || canceled != sub.canceled || charged_ != charged[sub.key][p]) {
                    return _bitViolation(
                        sub.active && !active || sub.canceled && !canceled || charged[sub.key][p] && !charged_,
                        "subscription"
                    );
                }
            }
        }
    }

    function _bitViolation(bool erased, string memory what) private {
        if (erased) _violate("BIT_ERASED", string.concat("a ", what, "'s bit was erased"));
        else _violate("BIT_SET", string.concat("a ", what, "'s bit was set by nothing that happened"));
    }
}
