// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/**
 * @title Floor
 * @notice The least a payment contract can do: two transferFrom calls (1% fee to a fixed treasury, the rest
 * to the recipient), a used-id flag and an event. No signature, no configuration, no permit. The gas
 * benchmark prints its figures beside the gateway's, as the floor any gateway pays.
 */
contract Floor is ERC2771Context {
    using SafeERC20 for IERC20;

    address private immutable _treasury;
    mapping(bytes32 paymentId => bool) private _used;

    event Paid(bytes32 indexed paymentId, address indexed payer, address recipient, address token, uint256 amount);

    error AlreadyPaid(bytes32 paymentId);

    constructor(address trustedForwarder_, address treasury_) ERC2771Context(trustedForwarder_) {
        _treasury = treasury_;
    }

    /// @notice Pays `amount` of `token` from the caller: 1% to the treasury, the rest to `recipient`.
    function pay(bytes32 paymentId, address token, uint256 amount, address recipient) external {
        if (_used[paymentId]) revert AlreadyPaid(paymentId);
        _used[paymentId] = true;
        address payer = _msgSender();
        uint256 fee = amount / 100;
        IERC20(token).safeTransferFrom(payer, _treasury, fee);
        IERC20(token).safeTransferFrom(payer, recipient, amount - fee);
        emit Paid(paymentId, payer, recipient, token, amount);
    }
}
