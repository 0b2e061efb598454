// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/**
 * @dev What a {DepositSweeper} asks its creator (the gateway), which answers from transient storage.
 */
interface IDepositInstructions {
    /**
     * @notice The moves the deposit address being created must make: `amount` of `token` to `to`, then `fee` of it
     * to `feeTo`; any native coin it holds goes to `nativeTo`.
     */
    function depositInstruction()
        external
        view
        returns (address token, address to, uint256 amount, address feeTo, uint256 fee, address nativeTo);
}

/**
 * @title DepositSweeper
 * @notice The code of every deposit address: a constructor and nothing else. The gateway creates it with CREATE2 at
 * the address of a payment's terms (salt: their EIP-712 digest); it asks the gateway what to move, moves it, and
 * self-destructs in the same transaction (EIP-6780), so the address holds no code afterwards and can be created
 * again when more money arrives. The creation code is the same for every deposit (the moves come from the
 * callback, not from constructor arguments), so the address depends on the terms alone and is known before
 * anything is deployed.
 */
contract DepositSweeper {
    using SafeERC20 for IERC20;

    constructor() {
        (address token, address to, uint256 amount, address feeTo, uint256 fee, address nativeTo) = IDepositInstructions(
            msg.sender
        ).depositInstruction();
        if (amount != 0) IERC20(token).safeTransfer(to, amount);
        if (fee != 0) IERC20(token).safeTransfer(feeTo, fee);
        // The creator is warm (it called us): naming it costs nothing when there is no native coin to move.
        selfdestruct(payable(address(this).balance == 0 ? msg.sender : nativeTo));
    }
}
