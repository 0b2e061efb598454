// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC2771Forwarder} from "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol";
import {IPaymentGateway} from "kassa/interfaces/IPaymentGateway.sol";
import {IPaymentGatewayExtension} from "kassa/interfaces/IPaymentGatewayExtension.sol";
import {IPaymentGatewayTypes} from "kassa/interfaces/IPaymentGatewayTypes.sol";
import {TestSmartWallet, TestSmartWalletFactory} from "kassa/test/TestSmartWallet.sol";

import {AttackerFactory} from "./AttackerFactory.sol";
import {FuzzToken} from "./FuzzToken.sol";
import {IGateway, IPermit2Lite} from "./IGateway.sol";
import {Ledger} from "./Ledger.sol";
import {vm} from "./Vm.sol";

/**
 * @title GatewayHandler
 * @notice The actors of the campaign, one function per thing one of them does. The honest ones: the service (signs
 * payments, deposits, refunds, returns, subscriptions and their charges), payers (EOAs, a deployed ERC-1271 wallet, a
 * counterfactual one that signs through ERC-6492) who sign what they pay, merchants (an EOA, a wallet) who refund,
 * the relayer who submits what was signed, the owner (fees, pause), time. The attacker submits anything it has seen
 * (replays, front-runs), wraps any payer's signature in an ERC-6492 envelope whose factory re-enters the gateway with
 * anything it has seen, makes up deposit terms naming itself to sign returns with any return id, re-enters through
 * its token hook, and sends dust. {Ledger} checks every event against what was signed and keeps the balances the
 * events explain; the invariants compare the chain with it.
 */
contract GatewayHandler is Ledger {
    uint256 private constant _KIND_INTENT = 1;
    uint256 private constant _KIND_PERMIT2 = 2;
    uint256 private constant _KIND_AUTHORIZATION = 3;
    uint256 private constant _KIND_FIRST_CHARGE = 4;
    uint256 private constant _KIND_CANCEL = 5;
    uint256 private constant _KIND_REFUND = 6;
    uint256 private constant _KIND_RETURN = 7;
    uint256 private constant _KIND_PAY = 8;
    uint256 private constant _KIND_SWEEP = 9;
    uint256 private constant _KIND_FORWARD = 10;

    bytes32 private constant _FORWARD_REQUEST_TYPEHASH = keccak256(
        "ForwardRequest(address from,address to,uint256 value,uint256 gas,uint256 nonce,uint48 deadline,bytes data)"
    );
    uint256 private constant _FORWARD_GAS = 1_000_000;

    bytes32 private constant _ERC6492_MAGIC = 0x6492649264926492649264926492649264926492649264926492649264926492;

    /// @dev Something signed and not necessarily submitted yet: what the relayer submits, and the attacker sees.
    struct Pending {
        uint256 kind;
        uint256 index;
        bytes signature;
        uint256 extra;
    }

    Pending[] private _pending;

    constructor(bytes memory gatewayCode, uint256 version_, address permit2_, bytes memory forwarderCode)
        Ledger(gatewayCode, version_, permit2_, forwarderCode)
    {}

    // ---------------------------------------------------------------- honest actors

    /// @notice A payer pays a new payment from its own wallet (`pay`), optionally with an EIP-2612 permit.
    function payDirect(uint256 payerSeed, uint256 amountSeed, uint256 options) external counted {
        uint256 p = _paymentFor(payerSeed % 3, amountSeed, options, 0);
        _enqueue(_KIND_PAY, p, "", 0);
        _submit(_pending.length - 1, payments[p].payer, _pending[_pending.length - 1].signature);
    }

    /// @notice The service signs a payment and the payer its intent (one of three paths); the relayer may submit it
    /// now or later, the attacker may see it first.
    function signPayment(uint256 payerSeed, uint256 amountSeed, uint256 options) external counted {
        uint256 path = 1 + (options % 3);
        // Intents: any payer with an allowance (EOAs, the wallet); Permit2: the EOAs; EIP-3009 (no allowance needed):
        // any, the counterfactual wallet through ERC-6492 too.
        uint256 payerIndex = payerSeed % (path == _KIND_INTENT ? 3 : path == _KIND_PERMIT2 ? 2 : 4);
        uint256 p = _paymentFor(payerIndex, amountSeed, options >> 8, path);
        Payment storage payment = payments[p];
        bytes32 digest;
        uint256 nonce;
        if (path == _KIND_INTENT) {
            digest = _gatewayDigest(_intentHash(payment.terms, payment.payer));
        } else if (path == _KIND_PERMIT2) {
            nonce = uint256(keccak256(abi.encode(payment.terms.paymentId, "permit2")));
            digest = _permit2Digest(payment.terms, payment.payer, nonce);
        } else {
            digest = _authorizationDigest(payment.terms, payment.payer);
        }
        _enqueue(path, p, _payerSignature(payerIndex, digest), nonce);
        if ((options >> 4) & 1 == 0) _submit(_pending.length - 1, relayer, _pending[_pending.length - 1].signature);
    }

    /// @notice A payer (EOA) signs an ERC-2771 request of the forwarder to `pay` a new payment (gasless); the relayer
    /// submits it now or later, the attacker may see it first.
    function payForwarded(uint256 payerSeed, uint256 amountSeed, uint256 options) external counted {
        uint256 p = _paymentFor(payerSeed % 2, amountSeed, options, 0);
        Payment storage payment = payments[p];
        // Its signature of the request is its authorisation, as its own call would be.
        directPayers[payment.payer] = true;
        uint256 nonce = ERC2771Forwarder(forwarder).nonces(payment.payer);
        bytes32 digest = _typed(
            _domain("ERC2771Forwarder", "1", forwarder),
            keccak256(
                abi.encode(
                    _FORWARD_REQUEST_TYPEHASH,
                    payment.payer,
                    gateway,
                    0,
                    _FORWARD_GAS,
                    nonce,
                    uint48(payment.terms.deadline),
                    keccak256(_payCalldata(p))
                )
            )
        );
        _enqueue(_KIND_FORWARD, p, _sign(payerKeys[payment.payerIndex], digest), nonce);
        if ((options >> 4) & 1 == 0) _submit(_pending.length - 1, relayer, _pending[_pending.length - 1].signature);
    }

    /// @notice The relayer submits something signed (pending or not: a replay fails).
    function relay(uint256 pendingSeed) external counted {
        if (_pending.length == 0) return;
        uint256 i = pendingSeed % _pending.length;
        _submit(i, relayer, _pending[i].signature);
    }

    /// @notice A payer sends money to a deposit account: the payment's, short, over, or a second time.
    function deposit(uint256 payerSeed, uint256 amountSeed, uint256 options) external counted {
        uint256 d;
        if (options % 4 == 0 && deposits.length != 0) {
            d = amountSeed % deposits.length;
        } else {
            d = _newDeposit(payerSeed, amountSeed, options);
        }
        Deposit storage dep = deposits[d];
        uint256 amount = dep.terms.amount;
        uint256 shape = (options >> 4) % 4;
        if (shape == 1) amount = dep.terms.minimumAmount;
        else if (shape == 2) amount = amount + 1 + (amountSeed % amount);
        else if (shape == 3) amount = 1 + (amountSeed % amount);
        _transfer(dep.sender, dep.terms.tokenAddress, dep.account, amount);
    }

    /// @notice The relayer sweeps one deposit, or two in one batch (the first transaction carrying each version-3
    /// account's authorization, unless the options leave it out).
    function sweep(uint256 depositSeed, uint256 options) external counted {
        if (deposits.length == 0) return;
        uint256 d = depositSeed % deposits.length;
        if (deposits[d].madeUp) return;
        if (options & 1 == 0) _delegate(d);
        if ((options >> 1) & 1 == 0) {
            _enqueue(_KIND_SWEEP, d, deposits[d].serverSignature, type(uint256).max);
        } else {
            uint256 e = (depositSeed >> 32) % deposits.length;
            if (deposits[e].madeUp || e == d) return;
            if (options & 1 == 0) _delegate(e);
            _enqueue(_KIND_SWEEP, d, _signBatch(d, e), e);
        }
        _submit(_pending.length - 1, relayer, _pending[_pending.length - 1].signature);
    }

    /// @notice A return from a deposit account: signed by the service (only what is not the payment's: it may try
    /// more, and must fail) or by the merchant's recipient, to whoever sent the money (or anywhere, for the recipient).
    function returnDeposit(uint256 depositSeed, uint256 amountSeed, uint256 options) external counted {
        if (deposits.length == 0) return;
        uint256 d = depositSeed % deposits.length;
        Deposit storage dep = deposits[d];
        if (dep.madeUp) return;
        bool byRecipient = options & 1 == 1;
        address token = (options >> 1) & 1 == 0 ? dep.terms.tokenAddress : _otherToken(dep.terms.tokenAddress);
        uint256 held = ghostBalance[token][dep.account];
        uint256 amount = held == 0 ? 0 : amountSeed % (held + 1);
        if ((options >> 2) & 1 == 1) amount = held;
        IPaymentGatewayTypes.DepositReturn memory request = IPaymentGatewayTypes.DepositReturn({
            deposit: dep.account,
            returnId: _nextId(),
            tokenAddress: token,
            to: dep.sender,
            amount: amount,
            deadline: block.timestamp + SIGNATURE_LIFETIME
        });
        bytes32 digest = _gatewayDigest(keccak256(abi.encode(DEPOSIT_RETURN_TYPEHASH, request)));
        bytes memory signature =
            byRecipient ? _recipientSignature(dep.recipientIndex, digest) : _sign(signerKey, digest);
        if (options & 8 == 0) _delegate(d);
        uint256 r = _recordReturn(d, request, byRecipient);
        _enqueue(_KIND_RETURN, r, signature, 0);
        if ((options >> 4) & 1 == 0) _submit(_pending.length - 1, relayer, signature);
    }

    /// @notice A payer subscribes (fixed or variable plan, token or Permit2 allowance); its first charge is pending.
    function subscribe(uint256 payerSeed, uint256 amountSeed, uint256 options) external counted {
        uint256 payerIndex = payerSeed % 3;
        bool usePermit2 = (options >> 1) & 1 == 1 && payerIndex < 2;
        uint256 s = _newSubscription(payerIndex, amountSeed, options & 1 == 1, usePermit2, options >> 2);
        Subscription storage sub = subscriptions[s];
        _enqueue(_KIND_FIRST_CHARGE, s, _payerSignature(payerIndex, sub.key), 0);
        if ((options >> 8) & 1 == 0) _submit(_pending.length - 1, relayer, _pending[_pending.length - 1].signature);
    }

    /// @notice The relayer charges the current period of an active subscription (the service signs a variable
    /// plan's charge at its current price).
    function charge(uint256 subSeed, uint256 amountSeed) external counted {
        if (subscriptions.length == 0) return;
        uint256 s = subSeed % subscriptions.length;
        Subscription storage sub = subscriptions[s];
        uint256 period = block.timestamp < sub.schedule.startsAt
            ? 0
            : (block.timestamp - sub.schedule.startsAt) / sub.schedule.period;
        (IPaymentGatewayTypes.SubscriptionCharge memory c, bytes memory signature) = _signCharge(s, period, amountSeed);
        _call(relayer, abi.encodeCall(IPaymentGateway.chargeSubscription, (sub.schedule, c, signature, bytes(""))));
    }

    /// @notice The payer or the recipient cancels directly, or the payer or the service signs a cancellation that
    /// is pending until someone submits it.
    function cancel(uint256 subSeed, uint256 options) external counted {
        if (subscriptions.length == 0) return;
        uint256 s = subSeed % subscriptions.length;
        Subscription storage sub = subscriptions[s];
        uint256 how = options % 4;
        if (how == 0) {
            _call(sub.schedule.payer, abi.encodeCall(IPaymentGatewayExtension.cancelSubscription, (sub.schedule)));
        } else if (how == 1) {
            _call(
                sub.schedule.recipientAddress,
                abi.encodeCall(IPaymentGatewayExtension.cancelSubscription, (sub.schedule))
            );
        } else {
            bytes32 digest = _gatewayDigest(keccak256(abi.encode(CANCEL_SUBSCRIPTION_TYPEHASH, sub.key)));
            bytes memory signature = how == 2 ? _payerSignature(sub.payerIndex, digest) : _sign(signerKey, digest);
            _enqueue(_KIND_CANCEL, s, signature, 0);
            if ((options >> 2) & 1 == 0) _submit(_pending.length - 1, relayer, signature);
        }
    }

    /// @notice The service signs a refund of part of a paid payment (within what is left of it); the merchant sends
    /// it now or later. A refund the service signed is never blocked by anyone but its own execution.
    function refund(uint256 paymentSeed, uint256 amountSeed, uint256 options) external counted {
        uint256 count = payments.length;
        if (count == 0) return;
        uint256 p = paymentSeed % count;
        for (uint256 k = 0; k < count && !payments[p].paid; ++k) {
            p = (p + 1) % count;
        }
        Payment storage payment = payments[p];
        if (!payment.paid) return;
        uint256 left = payment.terms.amount - payment.refundsSigned;
        if (left == 0) return;
        uint256 amount = 1 + (amountSeed % left);
        uint256 r = _newRefund(p, amount);
        _enqueue(_KIND_REFUND, r, refunds[r].signature, 0);
        if (options & 1 == 0) _submit(_pending.length - 1, payment.terms.recipientAddress, refunds[r].signature);
    }

    /// @notice Time passes.
    function warp(uint256 seconds_) external counted {
        vm.warp(block.timestamp + 1 + (seconds_ % 7_200));
    }

    /// @notice The owner changes the default fee or a merchant's, or pauses and unpauses. The clock moves one second
    /// first, so that nothing is signed in the same second as a fee change (a fee changed in the second of a
    /// signature counts as in force, and the campaign reads the fee of a signature when it signs).
    function ownerAction(uint256 what, uint256 feeSeed) external counted {
        vm.warp(block.timestamp + 1);
        uint16 fee = uint16(feeSeed % (MAX_FEE_BPS + 1));
        // Pausing is rare and short: a paused gateway refuses most of what the other actors do.
        uint256 action = what % 12;
        bytes memory data;
        if (action < 3) data = abi.encodeCall(IGateway.setDefaultFee, (fee));
        else if (action < 6) data = abi.encodeCall(IGateway.setMerchantFee, (merchantIds[feeSeed % 2], fee));
        else if (action < 8) data = abi.encodeCall(IGateway.clearMerchantFee, (merchantIds[feeSeed % 2]));
        else if (action == 8) data = abi.encodeCall(IGateway.pause, ());
        else data = abi.encodeCall(IGateway.unpause, ());
        _call(owner, data);
    }

    /// @notice Someone sends tokens to the gateway by mistake: the gateway holds them, and no payment may use them.
    function strayTransfer(uint256 amountSeed, uint256 tokenSeed) external counted {
        _transfer(stranger, address(tokens[tokenSeed % 2]), gateway, 1 + (amountSeed % 1e18));
    }

    // ---------------------------------------------------------------- the attacker

    /// @notice Submits anything seen (front-run, replay), as signed.
    function attackReplay(uint256 pendingSeed) external counted {
        if (_pending.length == 0) return;
        uint256 i = pendingSeed % _pending.length;
        _submit(i, attacker, _pending[i].signature);
    }

    /**
     * @notice Wraps the signature of something seen in an ERC-6492 envelope whose factory sends, from inside the
     * gateway's signature check, something else seen (or the same call again, envelope and all) up to `times` times,
     * after deploying the counterfactual wallet when the options say so (its signature is then valid).
     */
    function attackEnvelope(uint256 pendingSeed, uint256 innerSeed, uint256 options) external counted {
        if (_pending.length == 0) return;
        uint256 i = pendingSeed % _pending.length;
        Pending storage outer = _pending[i];
        if (outer.signature.length == 0) return;
        AttackerFactory factory = attackerFactory;
        bytes memory envelope = _envelope(address(factory), outer.signature);
        // Half the time the factory sends the same call again, envelope and all: a re-entry of the call being checked.
        uint256 j = (options >> 3) & 1 == 0 ? i : innerSeed % _pending.length;
        uint256 times = 1 + ((options >> 1) % 3);
        AttackerFactory.Call[] memory calls = new AttackerFactory.Call[](options & 1 == 1 ? 2 : 1);
        calls[0] =
            AttackerFactory.Call(_target(_pending[j].kind), _calldata(j, j == i ? envelope : _pending[j].signature));
        if (options & 1 == 1) {
            calls[1] = calls[0];
            calls[0] = AttackerFactory.Call(
                address(walletFactory), abi.encodeCall(TestSmartWalletFactory.createAccount, (walletOwner, 1))
            );
        }
        vm.prank(attacker);
        factory.arm(calls, times);
        _submit(i, attacker, envelope);
    }

    /**
     * @notice Makes up deposit terms naming itself as recipient, and signs a return of 0 from that made-up account
     * with a return id of its choice (another payment's or refund's sequence, or one about to be issued), possibly in
     * an ERC-6492 envelope whose factory submits something seen. Whatever it does may touch only its own made-up
     * account.
     */
    function attackMadeUpReturn(uint256 sequenceSeed, uint256 innerSeed, uint256 options) external counted {
        bytes32 returnId = _targetSequence(sequenceSeed);
        uint256 d = _madeUpDeposit(innerSeed);
        IPaymentGatewayTypes.DepositReturn memory request = IPaymentGatewayTypes.DepositReturn({
            deposit: deposits[d].account,
            returnId: returnId,
            tokenAddress: deposits[d].terms.tokenAddress,
            to: attacker,
            amount: 0,
            deadline: block.timestamp + SIGNATURE_LIFETIME
        });
        bytes memory signature =
            _sign(attackerKey, _gatewayDigest(keccak256(abi.encode(DEPOSIT_RETURN_TYPEHASH, request))));
        if (options & 1 == 1 && _pending.length != 0) {
            uint256 j = innerSeed % _pending.length;
            AttackerFactory.Call[] memory calls = new AttackerFactory.Call[](1);
            calls[0] = AttackerFactory.Call(_target(_pending[j].kind), _calldata(j, _pending[j].signature));
            vm.prank(attacker);
            attackerFactory.arm(calls, 1);
            signature = _envelope(address(attackerFactory), signature);
        }
        if ((options >> 1) & 1 == 0) _delegate(d);
        uint256 r = _recordReturn(d, request, true);
        _enqueue(_KIND_RETURN, r, signature, 0);
        _submit(_pending.length - 1, attacker, signature);
    }

    /// @notice Names its factory as its token hook, armed with something seen, then submits something seen whose
    /// transfers touch the attacker (a refund or a payment it pays itself), so the gateway is re-entered mid-transfer.
    function attackHook(uint256 pendingSeed, uint256 innerSeed) external counted {
        if (_pending.length == 0) return;
        uint256 j = innerSeed % _pending.length;
        AttackerFactory.Call[] memory calls = new AttackerFactory.Call[](1);
        calls[0] = AttackerFactory.Call(_target(_pending[j].kind), _calldata(j, _pending[j].signature));
        vm.prank(attacker);
        attackerFactory.arm(calls, 1);
        for (uint256 t = 0; t < 2; ++t) {
            vm.prank(attacker);
            tokens[t].setHook(address(attackerFactory));
        }
        uint256 i = pendingSeed % _pending.length;
        _submit(i, attacker, _pending[i].signature);
        for (uint256 t = 0; t < 2; ++t) {
            vm.prank(attacker);
            tokens[t].setHook(address(0));
        }
    }

    /// @notice Sends dust (or more) to a deposit account, or carries a deposit account's authorization early.
    function attackDust(uint256 depositSeed, uint256 amountSeed, uint256 options) external counted {
        if (deposits.length == 0) return;
        uint256 d = depositSeed % deposits.length;
        if (options & 1 == 1) {
            _delegate(d);
            return;
        }
        address token =
            (options >> 1) & 1 == 0 ? deposits[d].terms.tokenAddress : _otherToken(deposits[d].terms.tokenAddress);
        _transfer(attacker, token, deposits[d].account, amountSeed % 1e6);
    }

    /// @notice The service's signer, gone rogue, signs a return of a deposit's principal to the attacker: it must fail.
    function rogueSignerReturn(uint256 depositSeed) external counted {
        if (deposits.length == 0) return;
        uint256 d = depositSeed % deposits.length;
        Deposit storage dep = deposits[d];
        if (dep.madeUp) return;
        IPaymentGatewayTypes.DepositReturn memory request = IPaymentGatewayTypes.DepositReturn({
            deposit: dep.account,
            returnId: _nextId(),
            tokenAddress: dep.terms.tokenAddress,
            to: attacker,
            amount: ghostBalance[dep.terms.tokenAddress][dep.account],
            deadline: block.timestamp + SIGNATURE_LIFETIME
        });
        bytes memory signature =
            _sign(signerKey, _gatewayDigest(keccak256(abi.encode(DEPOSIT_RETURN_TYPEHASH, request))));
        _delegate(d);
        uint256 r = _recordReturn(d, request, false);
        _enqueue(_KIND_RETURN, r, signature, 0);
        _submit(_pending.length - 1, attacker, signature);
    }

    // ---------------------------------------------------------------- submitting

    function _enqueue(uint256 kind, uint256 index, bytes memory signature, uint256 extra) private {
        _pending.push(Pending({kind: kind, index: index, signature: signature, extra: extra}));
    }

    /// @dev Submits pending `i` from `from` with `signature` in place of the payer's (or return's) signature.
    function _submit(uint256 i, address from, bytes memory signature) private {
        Pending storage item = _pending[i];
        uint256 kind = item.kind;
        // A direct payment's payer is whoever calls `pay`: its own call is its authorisation.
        if (kind == _KIND_PAY) directPayers[from] = true;
        bool ok = _call(from, _target(kind), _calldata(i, signature));
        if (!ok && kind == _KIND_REFUND && lastRevertSelector == IPaymentGatewayTypes.RefundAlreadyProcessed.selector) {
            if (!refunds[item.index].done) _violate("REFUND_BLOCKED", "a signed refund was refused as processed");
        }
    }

    /// @dev The calldata of pending `i` with `signature` as its payer's (or return's) signature.
    function _calldata(uint256 i, bytes memory signature) private view returns (bytes memory) {
        Pending storage item = _pending[i];
        uint256 kind = item.kind;
        uint256 index = item.index;
        if (kind == _KIND_PAY) return _payCalldata(index);
        if (kind == _KIND_FORWARD) {
            ERC2771Forwarder.ForwardRequestData memory request = ERC2771Forwarder.ForwardRequestData({
                from: payments[index].payer,
                to: gateway,
                value: 0,
                gas: _FORWARD_GAS,
                deadline: uint48(payments[index].terms.deadline),
                data: _payCalldata(index),
                signature: signature
            });
            return abi.encodeCall(ERC2771Forwarder.execute, (request));
        }
        if (kind == _KIND_INTENT) {
            Payment storage p = payments[index];
            return abi.encodeCall(IPaymentGateway.payWithIntent, (p.terms, p.serverSignature, p.payer, signature));
        }
        if (kind == _KIND_PERMIT2) {
            Payment storage p = payments[index];
            return abi.encodeCall(
                IPaymentGateway.payWithPermit2, (p.terms, p.serverSignature, p.payer, item.extra, signature)
            );
        }
        if (kind == _KIND_AUTHORIZATION) {
            Payment storage p = payments[index];
            return
                abi.encodeCall(IPaymentGateway.payWithAuthorization, (p.terms, p.serverSignature, p.payer, signature));
        }
        if (kind == _KIND_FIRST_CHARGE) {
            Subscription storage s = subscriptions[index];
            return abi.encodeCall(
                IPaymentGateway.chargeSubscription, (s.schedule, s.firstCharge, s.firstServerSignature, signature)
            );
        }
        if (kind == _KIND_CANCEL) {
            return abi.encodeCall(
                IPaymentGatewayExtension.cancelSubscriptionBySignature, (subscriptions[index].schedule, signature)
            );
        }
        if (kind == _KIND_REFUND) {
            Refund storage r = refunds[index];
            Payment storage p = payments[r.payment];
            return abi.encodeCall(
                IPaymentGateway.refund,
                (p.terms.paymentId, r.refundId, p.terms.tokenAddress, r.payer, r.amount, r.deadline, r.signature)
            );
        }
        if (kind == _KIND_RETURN) {
            Return storage r = returns_[index];
            return
                abi.encodeCall(
                    IPaymentGatewayExtension.returnDeposit, (deposits[r.deposit].terms, r.request, signature)
                );
        }
        // _KIND_SWEEP: one deposit (extra = max) or a batch of two.
        if (item.extra == type(uint256).max) {
            return abi.encodeCall(IPaymentGateway.sweepDeposit, (deposits[index].terms, signature));
        }
        IPaymentGatewayTypes.DepositTerms[] memory batch = new IPaymentGatewayTypes.DepositTerms[](2);
        batch[0] = deposits[index].terms;
        batch[1] = deposits[item.extra].terms;
        return abi.encodeCall(IPaymentGateway.sweepDeposits, (batch, signature));
    }

    function _payCalldata(uint256 index) private view returns (bytes memory) {
        Payment storage p = payments[index];
        return abi.encodeCall(
            IPaymentGateway.pay,
            (
                p.terms.paymentId,
                p.terms.tokenAddress,
                p.terms.amount,
                p.terms.recipientAddress,
                p.terms.merchantId,
                p.terms.deadline,
                p.serverSignature,
                p.permit
            )
        );
    }

    /// @dev Where pending `kind` is sent: the forwarder for a forwarded request, the gateway for everything else.
    function _target(uint256 kind) private view returns (address) {
        return kind == _KIND_FORWARD ? forwarder : gateway;
    }

    function _envelope(address factory, bytes memory inner) private pure returns (bytes memory) {
        return abi.encodePacked(abi.encode(factory, abi.encodeCall(AttackerFactory.run, ()), inner), _ERC6492_MAGIC);
    }

    /// @dev A sequence the attacker aims a return id at: a refund's (pending or sent), a payment's, or one about to be
    /// issued.
    function _targetSequence(uint256 seed) private view returns (bytes32) {
        uint256 choice = seed % 4;
        if (choice == 0 && refunds.length != 0) return refunds[(seed >> 8) % refunds.length].refundId;
        if (choice == 1 && payments.length != 0) return payments[(seed >> 8) % payments.length].terms.paymentId;
        return bytes32((uint256(keccak256(abi.encode(seed))) << 64) | (nextSequence + ((seed >> 8) % 4)));
    }

    function _otherToken(address token) private view returns (address) {
        return token == address(tokens[0]) ? address(tokens[1]) : address(tokens[0]);
    }

    // ---------------------------------------------------------------- reports

    /**
     * @notice Adds this run's calls per entry point (and how many went through), and the gateway's events per kind,
     * to the campaign's counts (in the environment, which outlives each run's state), and writes them to
     * `out/coverage.txt` for the runner. Events count what went through at any depth (a call a factory re-entered
     * with, a batch's sweeps).
     */
    function reportRun() external {
        bytes4[17] memory selectors = [
            IPaymentGateway.pay.selector,
            ERC2771Forwarder.execute.selector,
            IPaymentGateway.payWithIntent.selector,
            IPaymentGateway.payWithPermit2.selector,
            IPaymentGateway.payWithAuthorization.selector,
            IPaymentGateway.sweepDeposit.selector,
            IPaymentGateway.sweepDeposits.selector,
            IPaymentGatewayExtension.returnDeposit.selector,
            IPaymentGateway.chargeSubscription.selector,
            IPaymentGatewayExtension.cancelSubscription.selector,
            IPaymentGatewayExtension.cancelSubscriptionBySignature.selector,
            IPaymentGateway.refund.selector,
            IGateway.setDefaultFee.selector,
            IGateway.setMerchantFee.selector,
            IGateway.clearMerchantFee.selector,
            IGateway.pause.selector,
            IGateway.unpause.selector
        ];
        string[17] memory names = [
            "pay",
            "pay (forwarded: ERC2771Forwarder.execute)",
            "payWithIntent",
            "payWithPermit2",
            "payWithAuthorization",
            "sweepDeposit",
            "sweepDeposits",
            "returnDeposit",
            "chargeSubscription",
            "cancelSubscription",
            "cancelSubscriptionBySignature",
            "refund",
            "setDefaultFee",
            "setMerchantFee",
            "clearMerchantFee",
            "pause",
            "unpause"
        ];
        string memory report;
        for (uint256 k = 0; k < selectors.length; ++k) {
            string memory id = vm.toString(uint256(uint32(selectors[k])));
            report = string.concat(
                report,
                "call ",
                names[k],
                ": ",
                _add(string.concat("KASSA_FUZZ_SENT_", id), callsSent[selectors[k]]),
                " sent, ",
                _add(string.concat("KASSA_FUZZ_OK_", id), callsOk[selectors[k]]),
                " went through\n"
            );
        }
        bytes32[6] memory topics = [
            IPaymentGatewayTypes.PaymentCompleted.selector,
            IPaymentGatewayTypes.RefundCompleted.selector,
            IPaymentGatewayTypes.DepositSwept.selector,
            IPaymentGatewayTypes.DepositReturned.selector,
            IPaymentGatewayTypes.SubscriptionCharged.selector,
            IPaymentGatewayTypes.SubscriptionCanceled.selector
        ];
        string[6] memory eventNames = [
            "PaymentCompleted",
            "RefundCompleted",
            "DepositSwept",
            "DepositReturned",
            "SubscriptionCharged",
            "SubscriptionCanceled"
        ];
        for (uint256 e = 0; e < 6; ++e) {
            report = string.concat(
                report,
                "event ",
                eventNames[e],
                ": ",
                _add(string.concat("KASSA_FUZZ_EVENT_", vm.toString(e)), eventCounts[topics[e]]),
                "\n"
            );
        }
        vm.writeFile("out/coverage.txt", report);
    }

    function _add(string memory name, uint256 amount) private returns (string memory total) {
        total = vm.toString(vm.envOr(name, uint256(0)) + amount);
        vm.setEnv(name, total);
    }
}
