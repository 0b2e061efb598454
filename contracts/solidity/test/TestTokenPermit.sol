// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/**
 * @title TestTokenPermit
 * @notice ERC-20 with EIP-2612 permit and free minting, for tests and local development only.
 */
contract TestTokenPermit is ERC20, ERC20Permit {
    uint8 private immutable _decimals;

    /**
     * @param name_ Token name, also the EIP-712 domain name of its permits.
     * @param symbol_ Token symbol.
     * @param decimals_ Number of decimals (18 like most tokens, 6 like USDC).
     */
    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) ERC20Permit(name_) {
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
