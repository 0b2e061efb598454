// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

import {IERC3009} from "@kassa/contracts/solidity/interfaces/IERC3009.sol";

/**
 * @title FloorBase
 * @notice The least a payment contract can do: two transferFrom calls (1% fee to a fixed treasury, the rest
 * to the recipient), a replay guard and an event. No signature, no configuration, no permit. The gas
 * benchmark prints its figures beside the gateway's, as the floor any gateway pays, for three replay guards.
 */
abstract contract FloorBase is ERC2771Context {
    using SafeERC20 for IERC20;

    address private immutable _treasury;

    event Paid(bytes32 indexed paymentId, address indexed payer, address recipient, address token, uint256 amount);

    error AlreadyPaid(bytes32 paymentId);

    constructor(address trustedForwarder_, address treasury_) ERC2771Context(trustedForwarder_) {
        _treasury = treasury_;
    }

    /// @notice Pays `amount` of `token` from the caller: 1% to the treasury, the rest to `recipient`.
    function pay(bytes32 paymentId, address token, uint256 amount, address recipient) external {
        _markPaid(paymentId);
        address payer = _msgSender();
        uint256 fee = amount / 100;
        IERC20(token).safeTransferFrom(payer, _treasury, fee);
        IERC20(token).safeTransferFrom(payer, recipient, amount - fee);
        emit Paid(paymentId, payer, recipient, token, amount);
    }

    function _markPaid(bytes32 paymentId) internal virtual;
}

/// @notice A used-id flag: a fresh storage slot per payment.
contract Floor is FloorBase {
    mapping(bytes32 paymentId => bool) private _used;

    constructor(address trustedForwarder_, address treasury_) FloorBase(trustedForwarder_, treasury_) {}

    function _markPaid(bytes32 paymentId) internal override {
        if (_used[paymentId]) revert AlreadyPaid(paymentId);
        _used[paymentId] = true;
    }
}

/// @notice One bit per payment in a bitmap (the id's low 64 bits are its sequence; word `sequence >> 8`).
contract FloorBitmap is FloorBase {
    mapping(uint256 word => uint256 bits) private _used;

    constructor(address trustedForwarder_, address treasury_) FloorBase(trustedForwarder_, treasury_) {}

    function _markPaid(bytes32 paymentId) internal override {
        uint256 sequence = uint256(paymentId) & type(uint64).max;
        uint256 bit = 1 << (sequence & 255);
        uint256 bits = _used[sequence >> 8];
        if (bits & bit != 0) revert AlreadyPaid(paymentId);
        _used[sequence >> 8] = bits | bit;
    }
}

/// @notice No replay guard at all: the fee split and the event alone.
contract FloorNoGuard is FloorBase {
    constructor(address trustedForwarder_, address treasury_) FloorBase(trustedForwarder_, treasury_) {}

    // solhint-disable-next-line no-empty-blocks
    function _markPaid(bytes32) internal pure override {}
}

/**
 * @notice The least an EIP-3009 payment with a fee split can do: a bit in a bitmap, the payer's authorization to this
 * contract, the two transfers out (1% to a fixed treasury) and an event. No signature of a service, no configuration,
 * no check of what arrived. What the gateway's `payWithAuthorization` is compared with.
 */
contract Floor3009 {
    using SafeERC20 for IERC20;

    address private immutable _treasury;
    mapping(uint256 word => uint256 bits) private _used;

    event Paid(bytes32 indexed paymentId, address indexed payer, address recipient, address token, uint256 amount);

    error AlreadyPaid(bytes32 paymentId);

    constructor(address treasury_) {
        _treasury = treasury_;
    }

    /// @notice Takes `amount` of `token` from `payer` by its authorization: 1% to the treasury, the rest to `recipient`.
    function pay(
        bytes32 paymentId,
        address token,
        uint256 amount,
        address recipient,
        address payer,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        uint256 sequence = uint256(paymentId) & type(uint64).max;
        uint256 bit = 1 << (sequence & 255);
        uint256 bits = _used[sequence >> 8];
        if (bits & bit != 0) revert AlreadyPaid(paymentId);
        _used[sequence >> 8] = bits | bit;
        IERC3009(token).receiveWithAuthorization(
            payer,
            address(this),
            amount,
            0,
            validBefore,
            nonce,
            v,
            r,
            s
        );
        uint256 fee = amount / 100;
        IERC20(token).safeTransfer(_treasury, fee);
        IERC20(token).safeTransfer(recipient, amount - fee);
        emit Paid(paymentId, payer, recipient, token, amount);
    }
}
