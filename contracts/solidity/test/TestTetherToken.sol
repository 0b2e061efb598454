// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title TestTetherToken
 * @notice A token that behaves like Tether's USDT on Ethereum, for tests only: `transfer`, `transferFrom` and
 * `approve` return nothing; `approve` refuses to change one non-zero allowance to another (set it to zero
 * first); a blocklisted address cannot send (USDT checks the sender only, never the receiver); and the owner
 * can switch on a transfer fee (`setParams`, paid to the owner, as USDT's `basisPointsRate` and `maximumFee`).
 * An allowance of `type(uint256).max` is never spent, as in USDT. Anyone can mint.
 */
contract TestTetherToken {
    uint256 private constant _MAX_UINT = type(uint256).max;

    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    address public owner;
    /// @notice Transfer fee in basis points (0 unless the owner switched it on).
    uint256 public basisPointsRate;
    /// @notice Largest fee of one transfer, in base units.
    uint256 public maximumFee;
    mapping(address account => bool) public isBlackListed;

    mapping(address account => uint256) private _balances;
    mapping(address account => mapping(address spender => uint256)) private _allowed;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event AddedBlackList(address indexed account);
    event RemovedBlackList(address indexed account);
    event Params(uint256 feeBasisPoints, uint256 maxFee);

    /// @dev `sender` is on the blocklist.
    error SenderBlackListed(address sender);
    /// @dev USDT's rule: an allowance changes from non-zero only to zero.
    error NonZeroAllowanceChange(address owner, address spender, uint256 current, uint256 requested);
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address owner, address spender, uint256 allowance, uint256 needed);
    error CallerNotOwner(address caller);

    /**
     * @param name_ Token name.
     * @param symbol_ Token symbol.
     * @param decimals_ Decimals (USDT has 6).
     */
    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert CallerNotOwner(msg.sender);
        _;
    }

    /// @notice Balance of `account`.
    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    /// @notice What `spender` may still take from `owner_`.
    function allowance(address owner_, address spender) external view returns (uint256) {
        return _allowed[owner_][spender];
    }

    /**
     * @notice Sends `value` (less the fee, if switched on) to `to`. Returns nothing, as USDT.
     * @param to Receiver.
     * @param value Amount taken from the sender.
     */
    function transfer(address to, uint256 value) external {
        if (isBlackListed[msg.sender]) revert SenderBlackListed(msg.sender);
        _transfer(msg.sender, to, value);
    }

    /**
     * @notice Sends `value` of `from` (less the fee, if switched on) to `to`, spending the caller's allowance
     * unless it is unlimited. Returns nothing, as USDT.
     * @param from Owner of the tokens.
     * @param to Receiver.
     * @param value Amount taken from `from`.
     */
    function transferFrom(address from, address to, uint256 value) external {
        if (isBlackListed[from]) revert SenderBlackListed(from);
        uint256 allowed = _allowed[from][msg.sender];
        if (allowed < value) revert InsufficientAllowance(from, msg.sender, allowed, value);
        if (allowed < _MAX_UINT) _allowed[from][msg.sender] = allowed - value;
        _transfer(from, to, value);
    }

    /**
     * @notice Lets `spender` take up to `value`. Reverts when both the current allowance and `value` are
     * non-zero, as USDT. Returns nothing.
     * @param spender Spender.
     * @param value New allowance.
     */
    function approve(address spender, uint256 value) external {
        uint256 current = _allowed[msg.sender][spender];
        if (value != 0 && current != 0) revert NonZeroAllowanceChange(msg.sender, spender, current, value);
        _allowed[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    /**
     * @notice Mints `amount` to `to`. Anyone can mint: this is a test token.
     * @param to Receiver.
     * @param amount Amount in base units.
     */
    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        _balances[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /**
     * @notice Puts `account` on the blocklist: it can no longer send.
     * @param account The account.
     */
    function addBlackList(address account) external onlyOwner {
        isBlackListed[account] = true;
        emit AddedBlackList(account);
    }

    /**
     * @notice Takes `account` off the blocklist.
     * @param account The account.
     */
    function removeBlackList(address account) external onlyOwner {
        isBlackListed[account] = false;
        emit RemovedBlackList(account);
    }

    /**
     * @notice Sets the transfer fee (the switch USDT has): `newBasisPoints` of each transfer, at most `newMaxFee`.
     * @param newBasisPoints Fee in basis points.
     * @param newMaxFee Largest fee of one transfer, in base units.
     */
    function setParams(uint256 newBasisPoints, uint256 newMaxFee) external onlyOwner {
        basisPointsRate = newBasisPoints;
        maximumFee = newMaxFee;
        emit Params(newBasisPoints, newMaxFee);
    }

    function _transfer(address from, address to, uint256 value) private {
        uint256 balance = _balances[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        uint256 fee = (value * basisPointsRate) / 10_000;
        if (fee > maximumFee) fee = maximumFee;
        // fee <= value * basisPointsRate / 10_000; the owner never sets a rate above 100%.
        uint256 sent = value - fee;
        unchecked {
            // balance >= value was checked above.
            _balances[from] = balance - value;
        }
        _balances[to] += sent;
        if (fee > 0) {
            _balances[owner] += fee;
            emit Transfer(from, owner, fee);
        }
        emit Transfer(from, to, sent);
    }
}
