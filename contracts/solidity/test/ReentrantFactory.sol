// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title ReentrantFactory
 * @notice An attacker's ERC-6492 "factory" for tests: the envelope a transaction's submitter wraps around a valid
 * signature names it, and its factory call ({run}) sends the calls it was armed with (to the gateway, normally; to a
 * real wallet factory too, to deploy the wallet the signature is for) from inside the gateway's signature check,
 * `times` times at most (recursively when a call reaches the factory again). For tests only: version 2 of the gateway could be made to pay twice through it.
 */
contract ReentrantFactory {
    /// @notice One call {run} sends.
    struct Call {
        address target;
        bytes data;
    }

    Call[] private _calls;
    uint256 private _remaining;

    /// @notice How many times the gateway (through its ERC-6492 deployer) called {run}.
    uint256 public runs;

    /// @notice How many of the calls sent from {run} succeeded.
    uint256 public succeeded;

    /**
     * @notice Sets what {run} sends: `calls`, in order, on each of its first `times` runs.
     * @param calls The calls.
     * @param times How many runs send them.
     */
    function arm(Call[] calldata calls, uint256 times) external {
        delete _calls;
        for (uint256 i = 0; i < calls.length; ++i) _calls.push(calls[i]);
        _remaining = times;
    }

    /// @notice The factory call of the envelope: sends the armed calls, ignoring their failures.
    function run() external {
        ++runs;
        if (_remaining == 0) return;
        --_remaining;
        for (uint256 i = 0; i < _calls.length; ++i) {
            // solhint-disable-next-line avoid-low-level-calls
            (bool success, ) = _calls[i].target.call(_calls[i].data);
            if (success) ++succeeded;
        }
    }
}
