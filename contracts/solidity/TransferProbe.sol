// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/**
 * @title TransferProbe
 * @notice Never deployed: its runtime code is placed at a token holder's address by an `eth_call` state
 * override, so that {probe} moves the holder's own tokens inside a simulation. The service uses it when a
 * token is whitelisted, to refuse tokens whose transfers deliver less than was sent (fee-on-transfer).
 */
contract TransferProbe {
    using SafeERC20 for IERC20;

    /**
     * @notice Transfers `amount` of `token` from this account to `to`.
     * @param token The token to probe.
     * @param to Receiver, preferably an address that never held the token.
     * @param amount Amount to transfer, at most this account's balance.
     * @return sent How much this account's balance went down.
     * @return received How much the balance of `to` went up.
     */
    function probe(IERC20 token, address to, uint256 amount) external returns (uint256 sent, uint256 received) {
        uint256 senderBefore = token.balanceOf(address(this));
        uint256 receiverBefore = token.balanceOf(to);
        token.safeTransfer(to, amount);
        sent = senderBefore - token.balanceOf(address(this));
        received = token.balanceOf(to) - receiverBefore;
    }
}
