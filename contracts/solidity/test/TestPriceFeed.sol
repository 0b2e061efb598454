// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title TestPriceFeed
 * @notice A settable price feed that answers like Chainlink's AggregatorV3Interface, for tests and local
 * development only. Anyone can post a round.
 */
contract TestPriceFeed {
    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
    }

    uint8 private immutable _decimals;
    string private _description;
    uint80 private _latestRoundId;
    mapping(uint80 roundId => Round) private _rounds;

    /// @notice A round was posted.
    event RoundPosted(uint80 indexed roundId, int256 answer, uint256 updatedAt);

    /// @notice The round was never posted.
    error TestPriceFeedNoRound(uint80 roundId);

    /**
     * @param decimals_ Decimals of the answers (8 for Chainlink's USD feeds).
     * @param description_ Pair name, e.g. `ETH / USD`.
     */
    constructor(uint8 decimals_, string memory description_) {
        _decimals = decimals_;
        _description = description_;
    }

    /**
     * @notice Posts a new round. `updatedAt` is free so tests can post stale or incomplete (0) rounds.
     * @param answer The price, scaled by `decimals()`.
     * @param updatedAt Unix time of the round.
     */
    function postRound(int256 answer, uint256 updatedAt) external {
        uint80 roundId = _latestRoundId + 1;
        _latestRoundId = roundId;
        _rounds[roundId] = Round(answer, updatedAt, updatedAt);
        emit RoundPosted(roundId, answer, updatedAt);
    }

    /// @notice Decimals of the answers.
    function decimals() external view returns (uint8) {
        return _decimals;
    }

    /// @notice The pair the feed prices.
    function description() external view returns (string memory) {
        return _description;
    }

    /// @notice Interface version, as AggregatorV3Interface reports it.
    function version() external pure returns (uint256) {
        return 4;
    }

    /**
     * @notice A posted round.
     * @param roundId The round.
     */
    function getRoundData(
        uint80 roundId
    ) external view returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound) {
        if (roundId == 0 || roundId > _latestRoundId) revert TestPriceFeedNoRound(roundId);
        Round storage round = _rounds[roundId];
        return (roundId, round.answer, round.startedAt, round.updatedAt, roundId);
    }

    /// @notice The latest posted round; all zero before the first.
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        roundId = _latestRoundId;
        Round storage round = _rounds[roundId];
        return (roundId, round.answer, round.startedAt, round.updatedAt, roundId);
    }
}
