// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/**
 * @title SelectiveFeeToken
 * @notice ERC-20 that burns a fee on `transferFrom` only (as some tax tokens charge only trades through a spender),
 * or on both kinds of transfer, and exempts the holders its owner names (as tax tokens exempt their deployer, pools
 * and exchanges). For tests only: the whitelisting probe must see its fee whoever holds the token it probes with.
 */
contract SelectiveFeeToken is ERC20 {
    uint256 private immutable _feeBps;
    bool private immutable _feeOnTransfer;

    /// @notice Holders that pay no fee.
    mapping(address holder => bool) public exempt;

    /**
     * @param feeBps_ Part of a taxed transfer that is burnt, in basis points.
     * @param feeOnTransfer_ Whether `transfer` is taxed too (`transferFrom` always is).
     */
    constructor(uint256 feeBps_, bool feeOnTransfer_) ERC20("Selective Fee", "SFT") {
        _feeBps = feeBps_;
        _feeOnTransfer = feeOnTransfer_;
    }

    /**
     * @notice Mints `amount` to `to`. Anyone can mint: this is a test token.
     * @param to Receiver.
     * @param amount Amount in base units.
     */
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /**
     * @notice Exempts `holder` from the fee, or not. Anyone can: this is a test token.
     * @param holder The holder.
     * @param isExempt Whether it pays no fee.
     */
    function setExempt(address holder, bool isExempt) external {
        exempt[holder] = isExempt;
    }

    function transfer(address to, uint256 value) public override returns (bool) {
        _taxedTransfer(msg.sender, to, value, _feeOnTransfer);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        _spendAllowance(from, msg.sender, value);
        _taxedTransfer(from, to, value, true);
        return true;
    }

    function _taxedTransfer(address from, address to, uint256 value, bool taxed) private {
        uint256 fee = taxed && !exempt[from] ? (value * _feeBps) / 10_000 : 0;
        if (fee != 0) _burn(from, fee);
        _transfer(from, to, value - fee);
    }
}
