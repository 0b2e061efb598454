// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/**
 * @title TestSmartWallet
 * @notice A smart-contract wallet that signs like Coinbase Smart Wallet, for tests only. Its owner is an EOA (kept
 * in storage, as Coinbase's owners are); `isValidSignature(hash, signature)` (ERC-1271) accepts the owner's
 * ECDSA signature of the wallet's replay-safe hash: the EIP-712 digest of `CoinbaseSmartWalletMessage(bytes32 hash)`
 * under the wallet's own domain (name "Coinbase Smart Wallet", version "1", this chain, this wallet), so a
 * signature for one wallet is never valid for another of the same owner. The signature is Coinbase's wrapper
 * `abi.encode(uint256 ownerIndex, bytes signatureData)`. The owner moves tokens with {execute}.
 */
contract TestSmartWallet is IERC1271, EIP712 {
    bytes32 private constant _MESSAGE_TYPEHASH = keccak256("CoinbaseSmartWalletMessage(bytes32 hash)");

    mapping(uint256 ownerIndex => address) private _owners;

    /// @dev The caller is neither the owner nor the wallet itself.
    error Unauthorized(address caller);

    /// @param owner_ The EOA that signs for the wallet (owner index 0).
    constructor(address owner_) EIP712("Coinbase Smart Wallet", "1") {
        _owners[0] = owner_;
    }

    /// @notice Accepts native coin.
    receive() external payable {}

    /// @notice The EOA that signs for the wallet.
    function owner() external view returns (address) {
        return _owners[0];
    }

    /**
     * @notice Calls `target` with `data` and `value` from the wallet. Only the owner (or the wallet) may.
     * @param target Contract or account to call.
     * @param value Native coin sent along.
     * @param data Calldata.
     */
    function execute(address target, uint256 value, bytes calldata data) external payable returns (bytes memory) {
        if (msg.sender != _owners[0] && msg.sender != address(this)) revert Unauthorized(msg.sender);
        (bool success, bytes memory result) = target.call{value: value}(data);
        if (!success) {
            assembly ("memory-safe") {
                revert(add(result, 0x20), mload(result))
            }
        }
        return result;
    }

    /**
     * @notice The digest the owner signs for `hash`: bound to this wallet and chain.
     * @param hash The hash the wallet is asked about.
     */
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(_MESSAGE_TYPEHASH, hash)));
    }

    /**
     * @notice ERC-1271: `0x1626ba7e` when `signature` is the owner's signature of `replaySafeHash(hash)`.
     * @param hash The signed hash.
     * @param signature `abi.encode(uint256 ownerIndex, bytes signatureData)`.
     */
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (uint256 ownerIndex, bytes memory signatureData) = abi.decode(signature, (uint256, bytes));
        address signer = _owners[ownerIndex];
        (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecover(replaySafeHash(hash), signatureData);
        if (error == ECDSA.RecoverError.NoError && signer != address(0) && recovered == signer) {
            return IERC1271.isValidSignature.selector;
        }
        return 0xffffffff;
    }
}

/**
 * @title TestSmartWalletFactory
 * @notice Deploys {TestSmartWallet}s with CREATE2 at addresses known before deployment (like Coinbase's factory),
 * so a wallet can receive tokens and sign (ERC-6492) while it has no code yet. For tests only.
 */
contract TestSmartWalletFactory {
    /// @dev Emitted when a wallet was deployed.
    event AccountCreated(address indexed account, address indexed owner, uint256 nonce);

    /**
     * @notice Deploys the wallet of `owner_` and `nonce` unless it exists, and returns its address.
     * @param owner_ The wallet's owner.
     * @param nonce Any number: one owner can have several wallets.
     */
    function createAccount(address owner_, uint256 nonce) external returns (TestSmartWallet account) {
        account = TestSmartWallet(payable(getAddress(owner_, nonce)));
        if (address(account).code.length != 0) return account;
        account = new TestSmartWallet{salt: _salt(owner_, nonce)}(owner_);
        emit AccountCreated(address(account), owner_, nonce);
    }

    /**
     * @notice The address of the wallet of `owner_` and `nonce`, deployed or not.
     * @param owner_ The wallet's owner.
     * @param nonce The number passed to {createAccount}.
     */
    function getAddress(address owner_, uint256 nonce) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(TestSmartWallet).creationCode, abi.encode(owner_)));
        return address(uint160(uint256(keccak256(abi.encodePacked(hex"ff", address(this), _salt(owner_, nonce), initCodeHash)))));
    }

    function _salt(address owner_, uint256 nonce) private pure returns (bytes32) {
        return keccak256(abi.encode(owner_, nonce));
    }
}
