// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/**
 * @title TransferProbe
 * @notice Never deployed: its runtime code is placed at a token holder's address, and at three fresh addresses, by
 * `eth_call` state overrides, so that {probe} moves the holder's own tokens inside a simulation. The service uses it
 * when a token is whitelisted, to refuse tokens whose transfers deliver less than was sent (fee-on-transfer). The
 * tokens go three ways, each measured: a `transfer` from the holder to a fresh address, a `transferFrom` by a fresh
 * spender from there to another fresh address (payments pull with `transferFrom`), and a `transfer` from that one (a
 * token may exempt the holder it is probed with, but not addresses it has never seen).
 */
contract TransferProbe {
    using SafeERC20 for IERC20;

    /// @notice What one transfer took from its sender and gave its receiver.
    struct Leg {
        uint256 sent;
        uint256 received;
    }

    /**
     * @notice Run at the holder: moves `amount` of `token` to `hops[0]` by `transfer`, what arrived from `hops[0]` to
     * `hops[1]` by `transferFrom` sent by `spender`, and what arrived from `hops[1]` to `to` by `transfer`. `hops` and
     * `spender` must run this code too.
     * @param token The token to probe.
     * @param spender The account that sends the `transferFrom`.
     * @param hops The two fresh holders the tokens pass through.
     * @param to The last receiver, preferably an address that never held the token.
     * @param amount Amount to move, at most this account's balance.
     * @return legs The three transfers: by the holder, by the spender, by the second fresh holder.
     */
    function probe(
        IERC20 token,
        address spender,
        address[2] calldata hops,
        address to,
        uint256 amount
    ) external returns (Leg[3] memory legs) {
        legs[0] = _transferTo(token, hops[0], amount);
        legs[1] = TransferProbe(hops[0]).approveAndPull(token, spender, hops[1], legs[0].received);
        legs[2] = TransferProbe(hops[1]).transferTo(token, to, legs[1].received);
    }

    /**
     * @notice Moves `amount` of `token` from this account to `to` by `transfer`.
     * @param token The token.
     * @param to The receiver.
     * @param amount The amount.
     * @return What left this account and what reached `to`.
     */
    function transferTo(IERC20 token, address to, uint256 amount) external returns (Leg memory) {
        return _transferTo(token, to, amount);
    }

    /**
     * @notice Approves `spender` for `amount` of this account's `token` and has it move them to `to`.
     * @param token The token.
     * @param spender The account that sends the `transferFrom` ({pull}).
     * @param to The receiver.
     * @param amount The amount.
     * @return What left this account and what reached `to`.
     */
    function approveAndPull(IERC20 token, address spender, address to, uint256 amount) external returns (Leg memory) {
        token.forceApprove(spender, amount);
        return TransferProbe(spender).pull(token, address(this), to, amount);
    }

    /**
     * @notice Moves `amount` of `token` from `from` to `to` by `transferFrom` (this account the spender).
     * @param token The token.
     * @param from The holder, which approved this account.
     * @param to The receiver.
     * @param amount The amount.
     * @return leg What left `from` and what reached `to`.
     */
    function pull(IERC20 token, address from, address to, uint256 amount) external returns (Leg memory leg) {
        uint256 senderBefore = token.balanceOf(from);
        uint256 receiverBefore = token.balanceOf(to);
        token.safeTransferFrom(from, to, amount);
        leg.sent = senderBefore - token.balanceOf(from);
        leg.received = token.balanceOf(to) - receiverBefore;
    }

    function _transferTo(IERC20 token, address to, uint256 amount) private returns (Leg memory leg) {
        uint256 senderBefore = token.balanceOf(address(this));
        uint256 receiverBefore = token.balanceOf(to);
        token.safeTransfer(to, amount);
        leg.sent = senderBefore - token.balanceOf(address(this));
        leg.received = token.balanceOf(to) - receiverBefore;
    }
}
