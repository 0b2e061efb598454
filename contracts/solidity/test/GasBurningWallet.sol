// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @dev What a {GasBurningWallet} is deployed with (its address depends on all of it).
struct GasBurningWalletParams {
    /// The EOA whose ECDSA signature of a hash the wallet accepts.
    address owner;
    /// Gas burned by each ERC-1271 check before it answers.
    uint256 burn;
    /// Answers "valid" only when the transaction's gas price is 0 (else burns all it is given and answers "invalid").
    bool validOnlyUnpriced;
    /// A token the wallet approves `spender` for, without limit, when it is deployed (none: the zero address).
    address token;
    /// Who the wallet approves for `token`: the gateway, or Permit2.
    address spender;
}

/**
 * @title GasBurningWallet
 * @notice A hostile smart-contract wallet, for tests only: whoever relays a payment it signs pays for its ERC-1271
 * check, and it makes that check as costly as it likes. It accepts its owner's ECDSA signature of the hash itself,
 * after burning `burn` gas; with `validOnlyUnpriced` it answers "valid" only when the transaction's gas price is 0
 * (what a simulation without fees runs at) and otherwise burns all the gas it is given. The owner changes both at
 * any time ({setBehaviour}), for instance between a relayer's simulation and its transaction.
 */
contract GasBurningWallet is IERC1271 {
    address private immutable _owner;
    uint256 private _burn;
    bool private _validOnlyUnpriced;

    /// @dev The caller is not the owner.
    error Unauthorized(address caller);

    /// @param params The owner, the behaviour, and the approval made at deployment.
    constructor(GasBurningWalletParams memory params) {
        _owner = params.owner;
        _burn = params.burn;
        _validOnlyUnpriced = params.validOnlyUnpriced;
        if (params.token != address(0)) IERC20(params.token).approve(params.spender, type(uint256).max);
    }

    /**
     * @notice Changes what the ERC-1271 check does. Only the owner may.
     * @param burn_ Gas burned by each check.
     * @param validOnlyUnpriced_ Whether the check answers "valid" only at a gas price of 0.
     */
    function setBehaviour(uint256 burn_, bool validOnlyUnpriced_) external {
        if (msg.sender != _owner) revert Unauthorized(msg.sender);
        _burn = burn_;
        _validOnlyUnpriced = validOnlyUnpriced_;
    }

    /**
     * @notice Calls `target` with `data` and `value` from the wallet. Only the owner may.
     * @param target Contract or account to call.
     * @param value Native coin sent along.
     * @param data Calldata.
     */
    function execute(address target, uint256 value, bytes calldata data) external payable returns (bytes memory) {
        if (msg.sender != _owner) revert Unauthorized(msg.sender);
        (bool success, bytes memory result) = target.call{value: value}(data);
        if (!success) {
            assembly ("memory-safe") {
                revert(add(result, 0x20), mload(result))
            }
        }
        return result;
    }

    /**
     * @notice ERC-1271: `0x1626ba7e` when `signature` starts with the owner's ECDSA signature of `hash`, after
     * burning gas. (A signature longer than 65 bytes is what makes callers such as the gateway's EIP-3009 path,
     * which send a 65-byte one to the token's ECDSA-only function, ask the wallet.)
     * @param hash The signed hash.
     * @param signature The owner's 65-byte signature, and anything after it.
     */
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        _burnGas(_burn);
        if (_validOnlyUnpriced && tx.gasprice != 0) {
            _burnGas(type(uint256).max);
            return 0xffffffff;
        }
        if (signature.length < 65) return 0xffffffff;
        (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecover(hash, signature[:65]);
        return error == ECDSA.RecoverError.NoError && recovered == _owner ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }

    /// @dev Spends `amount` gas (all that is left, when less) in a loop.
    function _burnGas(uint256 amount) private view {
        uint256 left = gasleft();
        uint256 stop = amount >= left ? 0 : left - amount;
        while (gasleft() > stop + 100) {}
    }
}

/**
 * @title GasBurningWalletFactory
 * @notice A hostile ERC-6492 factory, for tests only: the factory call of an ERC-6492 signature is chosen by whoever
 * submits it and runs in the relayer's transaction. {createAccount} deploys a {GasBurningWallet} at its CREATE2
 * address, and before that burns `factoryBurn` gas, and after it calls `reentry` with `reentryData` (the gateway,
 * re-entered from inside its own signature check), ignoring the outcome. With `onlyWhenPriced` both happen only when
 * the transaction's gas price is not 0: a simulation without fees sees an honest factory.
 */
contract GasBurningWalletFactory {
    /// @dev Emitted when a wallet was deployed.
    event AccountCreated(address indexed account, address indexed owner);

    /**
     * @notice Deploys the wallet of `params` unless it exists, with the hostile extras, and returns its address.
     * @param params The wallet's constructor parameters.
     * @param factoryBurn Gas burned before the deployment.
     * @param onlyWhenPriced Whether the burn and the re-entry happen only at a gas price other than 0.
     * @param reentry A contract called after the deployment (none: the zero address).
     * @param reentryData Its calldata.
     */
    function createAccount(
        GasBurningWalletParams calldata params,
        uint256 factoryBurn,
        bool onlyWhenPriced,
        address reentry,
        bytes calldata reentryData
    ) external returns (address account) {
        bool hostile = !onlyWhenPriced || tx.gasprice != 0;
        if (hostile) {
            uint256 left = gasleft();
            uint256 stop = factoryBurn >= left ? 0 : left - factoryBurn;
            while (gasleft() > stop + 100) {}
        }
        account = getAddress(params);
        if (account.code.length == 0) {
            new GasBurningWallet{salt: bytes32(0)}(params);
            emit AccountCreated(account, params.owner);
        }
        if (hostile && reentry != address(0)) {
            // solhint-disable-next-line avoid-low-level-calls
            (bool success, ) = reentry.call(reentryData);
            success;
        }
    }

    /**
     * @notice The address of the wallet of `params`, deployed or not.
     * @param params The wallet's constructor parameters.
     */
    function getAddress(GasBurningWalletParams calldata params) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(GasBurningWallet).creationCode, abi.encode(params)));
        return address(uint160(uint256(keccak256(abi.encodePacked(hex"ff", address(this), bytes32(0), initCodeHash)))));
    }
}
