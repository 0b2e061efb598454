// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/**
 * @title FeeOnTransferToken
 * @notice ERC-20 that burns a fee on every transfer (not on mint or burn), like tokens with a transfer tax.
 * For tests only: the gateway must refuse to be paid with it.
 */
contract FeeOnTransferToken is ERC20 {
    uint256 private immutable _transferFeeBps;

    /**
     * @param transferFeeBps_ Part of every transfer that is burnt, in basis points.
     */
    constructor(uint256 transferFeeBps_) ERC20("Fee On Transfer", "FOT") {
        _transferFeeBps = transferFeeBps_;
    }

    /**
     * @notice Mints `amount` to `to`. Anyone can mint: this is a test token.
     * @param to Receiver.
     * @param amount Amount in base units.
     */
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0)) {
            super._update(from, to, value);
            return;
        }
        uint256 burnt = (value * _transferFeeBps) / 10_000;
        super._update(from, address(0), burnt);
        super._update(from, to, value - burnt);
    }
}
