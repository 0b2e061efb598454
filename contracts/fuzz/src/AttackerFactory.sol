// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title AttackerFactory
 * @notice The attacker's ERC-6492 "factory" and token hook: {run} sends the calls it was armed with (to the gateway,
 * the forwarder, a wallet factory) from inside whatever called it, `times` times at most (recursively when a call
 * reaches it again), ignoring their failures, as `ReentrantFactory` of the contract tests does. It marks each call
 * with {CallStarted} and {CallEnded}: forge records the events of calls that reverted too, and the ledger drops what
 * was emitted inside a call that failed.
 */
contract AttackerFactory {
    struct Call {
        address target;
        bytes data;
    }

    event CallStarted();
    event CallEnded(bool success);

    Call[] private _calls;
    uint256 private _remaining;

    /// @notice Sets what {run} sends: `calls`, in order, on each of its first `times` runs.
    function arm(Call[] calldata calls, uint256 times) external {
        delete _calls;
        for (uint256 i = 0; i < calls.length; ++i) {
            _calls.push(calls[i]);
        }
        _remaining = times;
    }

    /// @notice The factory call of an envelope, or a token's hook: sends the armed calls, ignoring their failures.
    function run() external {
        if (_remaining == 0) return;
        --_remaining;
        for (uint256 i = 0; i < _calls.length; ++i) {
            emit CallStarted();
            // solhint-disable-next-line avoid-low-level-calls
            (bool success,) = _calls[i].target.call(_calls[i].data);
            emit CallEnded(success);
        }
    }
}
