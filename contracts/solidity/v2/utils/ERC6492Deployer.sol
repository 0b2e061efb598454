// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title ERC6492Deployer
 * @notice Makes the factory call an ERC-6492 signature carries (it deploys the signer's wallet), from an address
 * that holds nothing and is trusted by nobody. The gateway must not make that call itself: the call is chosen by
 * whoever submits the signature, and from the gateway it would spend what payers approved to the gateway. Here
 * any call is harmless, so anyone may call {deploy}.
 */
contract ERC6492Deployer {
    /**
     * @notice Calls `factory` with `factoryCalldata`. A failed call is ignored: the signature check that follows
     * then fails on its own (the wallet still has no code).
     * @param factory The contract that deploys the wallet.
     * @param factoryCalldata Its calldata, from the signature.
     */
    function deploy(address factory, bytes calldata factoryCalldata) external {
        // solhint-disable-next-line avoid-low-level-calls
        (bool success, ) = factory.call(factoryCalldata);
        success;
    }
}
