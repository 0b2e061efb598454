// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title IERC3009
 * @notice The receiving side of EIP-3009 (transfer with authorization) as Circle's FiatToken implements it: the
 * `(v, r, s)` form of the EIP, and the `bytes` form FiatToken v2.2 added for ERC-1271 wallets.
 */
interface IERC3009 {
    /// @notice Moves `value` from `from` to the caller (`to` must be the caller), authorised by `from`'s signature.
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external;

    /// @notice The same with a signature of any length (ERC-1271 wallets; FiatToken v2.2).
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external;

    /// @notice Whether `nonce` of `authorizer` was used or canceled.
    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool);
}
