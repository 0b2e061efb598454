// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/**
 * @title FuzzToken
 * @notice The campaign's token: ERC-20 with EIP-2612 permits, EIP-3009 `receiveWithAuthorization` (USDC's two forms:
 * `(v, r, s)` for ECDSA and `bytes` for ERC-1271 wallets), and ERC-777-style hooks: an account may name a contract
 * whose `run()` the token calls after every transfer from or to the account, so an attacker's code runs in the middle
 * of the gateway's transfers. Anyone may mint (the campaign gives its actors their money).
 */
contract FuzzToken is ERC20Permit {
    bytes32 private constant _RECEIVE_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );

    mapping(address account => address) public hooks;
    mapping(address authorizer => mapping(bytes32 nonce => bool)) public authorizationState;

    error CallerMustBePayee(address caller, address payee);
    error AuthorizationNotValid();
    error AuthorizationUsed(bytes32 nonce);
    error InvalidAuthorizationSignature();

    constructor(string memory name_) ERC20(name_, name_) ERC20Permit(name_) {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Names the contract whose `run()` is called after each transfer from or to the caller (zero: none).
    function setHook(address hook) external {
        hooks[msg.sender] = hook;
    }

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
    ) external {
        bytes32 digest = _authorize(from, to, value, validAfter, validBefore, nonce);
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecover(digest, v, r, s);
        if (err != ECDSA.RecoverError.NoError || recovered != from) revert InvalidAuthorizationSignature();
        _transfer(from, to, value);
    }

    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        bytes32 digest = _authorize(from, to, value, validAfter, validBefore, nonce);
        if (!SignatureChecker.isValidSignatureNow(from, digest, signature)) revert InvalidAuthorizationSignature();
        _transfer(from, to, value);
    }

    function _authorize(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce)
        private
        returns (bytes32)
    {
        if (to != msg.sender) revert CallerMustBePayee(msg.sender, to);
        if (block.timestamp <= validAfter || block.timestamp >= validBefore) revert AuthorizationNotValid();
        if (authorizationState[from][nonce]) revert AuthorizationUsed(nonce);
        authorizationState[from][nonce] = true;
        return _hashTypedDataV4(
            keccak256(abi.encode(_RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce))
        );
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        _callHook(from);
        if (to != from) _callHook(to);
    }

    function _callHook(address account) private {
        address hook = account == address(0) ? address(0) : hooks[account];
        if (hook == address(0)) return;
        // solhint-disable-next-line avoid-low-level-calls
        (bool success,) = hook.call(abi.encodeWithSignature("run()"));
        success;
    }
}
