// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/**
 * @title TestToken
 * @notice ERC-20 without permit and with free minting, for tests and local development only.
 */
contract TestToken is ERC20 {
    uint8 private immutable _decimals;

    /**
     * @param name_ Token name.
     * @param symbol_ Token symbol.
     * @param decimals_ Number of decimals.
     */
    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _decimals = decimals_;
    }

    /**
     * @notice Mints `amount` to `to`. Anyone can mint: this is a test token.
     * @param to Receiver.
     * @param amount Amount in base units.
     */
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @inheritdoc ERC20
    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
