// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title DepositSweeper
 * @notice The code of every deposit address: a constructor and nothing else. The gateway creates it with CREATE2 at
 * the address of a payment's terms (salt: their EIP-712 digest); it asks the gateway what to move, moves it, and
 * self-destructs in the same transaction (EIP-6780), so the address holds no code afterwards and can be created
 * again when more money arrives. The creation code is the same for every deposit (the moves come from the
 * gateway, not from constructor arguments), so the address depends on the terms alone and is known before
 * anything is deployed.
 *
 * The question is a call to the creator with empty calldata; the gateway's fallback answers it with six words
 * from transient storage: `token`, `to`, `amount`, `feeTo`, `fee`, `nativeTo`. The sweeper sends `amount` of
 * `token` to `to`, then `fee` of it to `feeTo` (each skipped when zero, each as OpenZeppelin's `SafeERC20` does it:
 * a token that returns nothing must have code, one that returns something must return true, a revert is passed
 * on), and self-destructs to `nativeTo` when it holds native coin (to its creator, already warm, otherwise).
 * Written in assembly: it runs once per sweep, and Solidity's ABI coding of the question and of two transfers
 * cost about 1,500 gas more.
 */
contract DepositSweeper {
    constructor() {
        // Memory from 0 is used freely: nothing of Solidity's runs after this block (it ends in a self-destruct).
        assembly {
            if iszero(staticcall(gas(), caller(), 0, 0, 0, 0xc0)) {
                revert(0, 0)
            }
            if iszero(eq(returndatasize(), 0xc0)) {
                revert(0, 0)
            }
            let token := mload(0x00)
            let to := mload(0x20)
            let amount := mload(0x40)
            let feeTo := mload(0x60)
            let fee := mload(0x80)
            let nativeTo := mload(0xa0)

            function safeTransfer(token_, to_, value) {
                mstore(0x00, shl(224, 0xa9059cbb)) // transfer(address,uint256)
                mstore(0x04, to_)
                mstore(0x24, value)
                let success := call(gas(), token_, 0, 0x00, 0x44, 0x00, 0x20)
                if iszero(success) {
                    returndatacopy(0, 0, returndatasize())
                    revert(0, returndatasize())
                }
                // SafeERC20FailedOperation(token_)
                if iszero(
                    or(and(iszero(returndatasize()), gt(extcodesize(token_), 0)), and(gt(returndatasize(), 0), eq(mload(0x00), 1)))
                ) {
                    mstore(0x00, shl(224, 0x5274afe7))
                    mstore(0x04, token_)
                    revert(0x00, 0x24)
                }
            }

            if amount {
                safeTransfer(token, to, amount)
            }
            if fee {
                safeTransfer(token, feeTo, fee)
            }
            // The creator is warm (it was called): naming it costs nothing when there is no native coin to move.
            selfdestruct(
                xor(caller(), mul(xor(caller(), nativeTo), gt(selfbalance(), 0)))
            )
        }
    }
}
