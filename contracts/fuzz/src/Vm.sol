// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev The cheatcodes of forge this campaign uses, declared here (forge-std's npm copies are old and unofficial).
 * Forge answers them at this address.
 */
interface Vm {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    struct SignedDelegation {
        uint8 v;
        bytes32 r;
        bytes32 s;
        uint64 nonce;
        address implementation;
    }

    function addr(uint256 privateKey) external pure returns (address);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function prank(address sender) external;
    function warp(uint256 timestamp) external;
    function etch(address target, bytes calldata code) external;
    function label(address account, string calldata name) external;
    function recordLogs() external;
    function getRecordedLogs() external returns (Log[] memory logs);
    function readFile(string calldata path) external view returns (string memory);
    function writeFile(string calldata path, string calldata data) external;
    function parseBytes(string calldata value) external pure returns (bytes memory);
    function envOr(string calldata name, uint256 defaultValue) external view returns (uint256);
    function envOr(string calldata name, string calldata defaultValue) external view returns (string memory);
    function setEnv(string calldata name, string calldata value) external;
    function toString(uint256 value) external pure returns (string memory);
    function toString(address value) external pure returns (string memory);
    function attachDelegation(SignedDelegation calldata signedDelegation) external;
}

/// @dev The address forge answers cheatcodes at: `address(uint160(uint256(keccak256("hevm cheat code"))))`.
Vm constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);
