// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/**
 * @title DepositAccount
 * @notice The code of every deposit account of one gateway (version 3): each payment by transfer has its own account,
 * an EOA whose key nobody knows, delegated to this contract by the one EIP-7702 authorization it can ever give (see
 * `PaymentGatewayBase._depositAddress`). Run at a deposit account, it moves what the account holds when the gateway
 * that created this contract asks, and does nothing else: every other call reverts, native coin is accepted.
 *
 * It keeps no storage, so nothing at the account can be set up in advance; the gateway decides every move (a sweep
 * under the payment's signed terms, or a signed return) and checks that the account answered, because an account
 * whose authorization no transaction has carried yet has no code and would answer a call with silence.
 */
contract DepositAccount {
    using SafeERC20 for IERC20;

    /// @dev The gateway that created this contract: the only caller it obeys.
    address private immutable _gateway;

    /// @dev The caller is not the gateway.
    error DepositAccountUnauthorized(address caller);

    /// @dev Native coin could not be sent to `to`.
    error DepositAccountNativeTransferFailed(address to, uint256 amount);

    constructor() {
        _gateway = msg.sender;
    }

    /// @notice Native coin sent to a deposit account stays there until a return moves it.
    receive() external payable {}

    /**
     * @notice Sends `amount` of `token` (the zero address: native coin) from this account to `to`, then `fee` of it
     * to `feeTo` (each skipped when zero; native coin takes no fee). Only the gateway may call it.
     * @param token The token, or zero for native coin.
     * @param to Where `amount` goes.
     * @param amount What goes to `to`.
     * @param feeTo Where `fee` goes (the treasury on a sweep).
     * @param fee What goes to `feeTo`.
     * @return The selector of this function, which a call to an account without code cannot answer.
     */
    function move(
        address token,
        address to,
        uint256 amount,
        address feeTo,
        uint256 fee
    ) external returns (bytes4) {
        if (msg.sender != _gateway) revert DepositAccountUnauthorized(msg.sender);
        if (token == address(0)) {
            // solhint-disable-next-line avoid-low-level-calls
            (bool sent, ) = to.call{value: amount}("");
            if (!sent) revert DepositAccountNativeTransferFailed(to, amount);
        } else {
            if (amount != 0) IERC20(token).safeTransfer(to, amount);
            if (fee != 0) IERC20(token).safeTransfer(feeTo, fee);
        }
        return this.move.selector;
    }
}
