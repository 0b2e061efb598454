// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IPaymentGateway} from "kassa/interfaces/IPaymentGateway.sol";
import {IPaymentGatewayExtension} from "kassa/interfaces/IPaymentGatewayExtension.sol";

/**
 * @dev The gateway as the campaign calls it: the money paths, the extension's, and the views and owner functions it
 * uses. Versions 2 and 3 share every one of them but {isReturned} and {depositAccountCode} (version 3 only).
 */
interface IGateway is IPaymentGateway, IPaymentGatewayExtension {
    function setDefaultFee(uint16 feeBps) external;
    function setMerchantFee(bytes32 merchantId, uint16 feeBps) external;
    function clearMerchantFee(bytes32 merchantId) external;
    function pause() external;
    function unpause() external;
    function merchantFee(bytes32 merchantId) external view returns (uint16 feeBps, bool isOverride);
    function isPaid(bytes32 paymentId) external view returns (bool);
    function isRefunded(bytes32 refundId) external view returns (bool);
    function isReturned(address deposit, bytes32 returnId) external view returns (bool);
    function depositAddress(DepositTerms calldata terms) external view returns (address);
    function depositAccountCode() external view returns (address code, bytes32 r);
    function subscriptionState(bytes32 subscription, uint256 period)
        external
        view
        returns (bool active, bool canceled, bool charged);
}

/// @dev What the campaign calls of Uniswap's Permit2 (installed at its canonical address from its runtime code).
interface IPermit2Lite {
    function DOMAIN_SEPARATOR() external view returns (bytes32);
    function approve(address token, address spender, uint160 amount, uint48 expiration) external;
}
