/**
 * GENERATED FILE, DO NOT EDIT.
 * What a payer's wallet needs of Kassa's contracts, taken from the ABIs the contracts build generates.
 * Regenerate with `npm run generate:sdk` after changing the contracts.
 */

/** `PaymentGateway.pay()`, with every error and event of the gateway (for decoding reverts and logs). */
export const gatewayAbi = [
  {
    inputs: [
      { internalType: "address", name: "deposit", type: "address" },
      { internalType: "address", name: "expected", type: "address" },
    ],
    name: "DepositMismatch",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "deposit", type: "address" }],
    name: "DepositNotDelegated",
    type: "error",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "paymentId", type: "bytes32" },
      { internalType: "uint256", name: "balance", type: "uint256" },
      { internalType: "uint256", name: "minimumAmount", type: "uint256" },
    ],
    name: "DepositShort",
    type: "error",
  },
  { inputs: [], name: "EnforcedPause", type: "error" },
  { inputs: [], name: "ExpectedPause", type: "error" },
  {
    inputs: [{ internalType: "uint256", name: "allowedFrom", type: "uint256" }],
    name: "FeeChangeTooSoon",
    type: "error",
  },
  {
    inputs: [
      { internalType: "uint256", name: "feeBps", type: "uint256" },
      { internalType: "uint256", name: "maxFeeBps", type: "uint256" },
    ],
    name: "FeeTooHigh",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "payer", type: "address" }],
    name: "InvalidPayerSignature",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "recipient", type: "address" }],
    name: "InvalidReturnSignature",
    type: "error",
  },
  {
    inputs: [
      { internalType: "address", name: "recovered", type: "address" },
      { internalType: "address", name: "expectedSigner", type: "address" },
    ],
    name: "InvalidServerSignature",
    type: "error",
  },
  { inputs: [], name: "InvalidShortString", type: "error" },
  {
    inputs: [{ internalType: "address", name: "signer", type: "address" }],
    name: "InvalidSigner",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "treasury", type: "address" }],
    name: "InvalidTreasury",
    type: "error",
  },
  {
    inputs: [{ internalType: "bytes32", name: "merchantId", type: "bytes32" }],
    name: "MerchantFeeNotSet",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "owner", type: "address" }],
    name: "OwnableInvalidOwner",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "account", type: "address" }],
    name: "OwnableUnauthorizedAccount",
    type: "error",
  },
  { inputs: [], name: "OwnershipCannotBeRenounced", type: "error" },
  {
    inputs: [{ internalType: "bytes32", name: "paymentId", type: "bytes32" }],
    name: "PaymentAlreadyProcessed",
    type: "error",
  },
  {
    inputs: [{ internalType: "bytes32", name: "paymentId", type: "bytes32" }],
    name: "PaymentNotFound",
    type: "error",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "paymentId", type: "bytes32" },
      { internalType: "uint256", name: "amount", type: "uint256" },
      { internalType: "uint256", name: "received", type: "uint256" },
    ],
    name: "PaymentNotReceived",
    type: "error",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "paymentId", type: "bytes32" },
      { internalType: "uint256", name: "deadline", type: "uint256" },
    ],
    name: "PaymentRequestExpired",
    type: "error",
  },
  { inputs: [], name: "Permit2NotEnabled", type: "error" },
  { inputs: [], name: "ReentrancyGuardReentrantCall", type: "error" },
  {
    inputs: [{ internalType: "bytes32", name: "refundId", type: "bytes32" }],
    name: "RefundAlreadyProcessed",
    type: "error",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "refundId", type: "bytes32" },
      { internalType: "uint256", name: "deadline", type: "uint256" },
    ],
    name: "RefundRequestExpired",
    type: "error",
  },
  {
    inputs: [{ internalType: "bytes32", name: "returnId", type: "bytes32" }],
    name: "ReturnAlreadyProcessed",
    type: "error",
  },
  {
    inputs: [
      { internalType: "address", name: "deposit", type: "address" },
      { internalType: "address", name: "token", type: "address" },
      { internalType: "uint256", name: "amount", type: "uint256" },
      { internalType: "uint256", name: "available", type: "uint256" },
    ],
    name: "ReturnExceedsAvailable",
    type: "error",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "returnId", type: "bytes32" },
      { internalType: "uint256", name: "deadline", type: "uint256" },
    ],
    name: "ReturnRequestExpired",
    type: "error",
  },
  {
    inputs: [
      { internalType: "uint8", name: "bits", type: "uint8" },
      { internalType: "uint256", name: "value", type: "uint256" },
    ],
    name: "SafeCastOverflowedUintDowncast",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "token", type: "address" }],
    name: "SafeERC20FailedOperation",
    type: "error",
  },
  { inputs: [{ internalType: "string", name: "str", type: "string" }], name: "StringTooLong", type: "error" },
  {
    inputs: [
      { internalType: "bytes32", name: "subscriptionId", type: "bytes32" },
      { internalType: "uint256", name: "amount", type: "uint256" },
      { internalType: "uint256", name: "allowed", type: "uint256" },
    ],
    name: "SubscriptionAmountNotAllowed",
    type: "error",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "subscriptionId", type: "bytes32" },
      { internalType: "address", name: "caller", type: "address" },
    ],
    name: "SubscriptionCancelNotAllowed",
    type: "error",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "subscriptionId", type: "bytes32" },
      { internalType: "uint256", name: "period", type: "uint256" },
      { internalType: "uint256", name: "deadline", type: "uint256" },
    ],
    name: "SubscriptionChargeExpired",
    type: "error",
  },
  {
    inputs: [{ internalType: "bytes32", name: "subscriptionId", type: "bytes32" }],
    name: "SubscriptionIsCanceled",
    type: "error",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "subscriptionId", type: "bytes32" },
      { internalType: "uint256", name: "period", type: "uint256" },
    ],
    name: "SubscriptionPeriodAlreadyCharged",
    type: "error",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "subscriptionId", type: "bytes32" },
      { internalType: "uint256", name: "period", type: "uint256" },
      { internalType: "uint256", name: "opensAt", type: "uint256" },
      { internalType: "uint256", name: "closesAt", type: "uint256" },
    ],
    name: "SubscriptionPeriodNotOpen",
    type: "error",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: false, internalType: "uint16", name: "previousFeeBps", type: "uint16" },
      { indexed: false, internalType: "uint16", name: "newFeeBps", type: "uint16" },
    ],
    name: "DefaultFeeUpdated",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "bytes32", name: "paymentId", type: "bytes32" },
      { indexed: true, internalType: "address", name: "deposit", type: "address" },
      { indexed: true, internalType: "bytes32", name: "returnId", type: "bytes32" },
      { indexed: false, internalType: "address", name: "token", type: "address" },
      { indexed: false, internalType: "address", name: "to", type: "address" },
      { indexed: false, internalType: "uint256", name: "amount", type: "uint256" },
      { indexed: false, internalType: "bool", name: "byRecipient", type: "bool" },
    ],
    name: "DepositReturned",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "bytes32", name: "paymentId", type: "bytes32" },
      { indexed: true, internalType: "bytes32", name: "merchantId", type: "bytes32" },
      { indexed: true, internalType: "address", name: "deposit", type: "address" },
      { indexed: false, internalType: "address", name: "recipient", type: "address" },
      { indexed: false, internalType: "address", name: "token", type: "address" },
      { indexed: false, internalType: "uint256", name: "amount", type: "uint256" },
      { indexed: false, internalType: "uint256", name: "fee", type: "uint256" },
    ],
    name: "DepositSwept",
    type: "event",
  },
  { anonymous: false, inputs: [], name: "EIP712DomainChanged", type: "event" },
  {
    anonymous: false,
    inputs: [{ indexed: true, internalType: "bytes32", name: "merchantId", type: "bytes32" }],
    name: "MerchantFeeCleared",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "bytes32", name: "merchantId", type: "bytes32" },
      { indexed: false, internalType: "uint16", name: "feeBps", type: "uint16" },
    ],
    name: "MerchantFeeUpdated",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "address", name: "previousOwner", type: "address" },
      { indexed: true, internalType: "address", name: "newOwner", type: "address" },
    ],
    name: "OwnershipTransferStarted",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "address", name: "previousOwner", type: "address" },
      { indexed: true, internalType: "address", name: "newOwner", type: "address" },
    ],
    name: "OwnershipTransferred",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [{ indexed: false, internalType: "address", name: "account", type: "address" }],
    name: "Paused",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "bytes32", name: "paymentId", type: "bytes32" },
      { indexed: true, internalType: "bytes32", name: "merchantId", type: "bytes32" },
      { indexed: true, internalType: "address", name: "payer", type: "address" },
      { indexed: false, internalType: "address", name: "recipient", type: "address" },
      { indexed: false, internalType: "address", name: "token", type: "address" },
      { indexed: false, internalType: "uint256", name: "amount", type: "uint256" },
      { indexed: false, internalType: "uint256", name: "fee", type: "uint256" },
    ],
    name: "PaymentCompleted",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "bytes32", name: "paymentId", type: "bytes32" },
      { indexed: true, internalType: "address", name: "recipient", type: "address" },
      { indexed: true, internalType: "address", name: "payer", type: "address" },
      { indexed: false, internalType: "bytes32", name: "refundId", type: "bytes32" },
      { indexed: false, internalType: "address", name: "token", type: "address" },
      { indexed: false, internalType: "uint256", name: "amount", type: "uint256" },
    ],
    name: "RefundCompleted",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "address", name: "previousSigner", type: "address" },
      { indexed: true, internalType: "address", name: "newSigner", type: "address" },
    ],
    name: "SignerUpdated",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "bytes32", name: "subscriptionId", type: "bytes32" },
      { indexed: true, internalType: "address", name: "payer", type: "address" },
      { indexed: false, internalType: "address", name: "canceledBy", type: "address" },
    ],
    name: "SubscriptionCanceled",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "bytes32", name: "subscriptionId", type: "bytes32" },
      { indexed: true, internalType: "bytes32", name: "merchantId", type: "bytes32" },
      { indexed: true, internalType: "address", name: "payer", type: "address" },
      { indexed: false, internalType: "uint256", name: "period", type: "uint256" },
      { indexed: false, internalType: "address", name: "recipient", type: "address" },
      { indexed: false, internalType: "address", name: "token", type: "address" },
      { indexed: false, internalType: "uint256", name: "amount", type: "uint256" },
      { indexed: false, internalType: "uint256", name: "fee", type: "uint256" },
    ],
    name: "SubscriptionCharged",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "address", name: "previousTreasury", type: "address" },
      { indexed: true, internalType: "address", name: "newTreasury", type: "address" },
    ],
    name: "TreasuryUpdated",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [{ indexed: false, internalType: "address", name: "account", type: "address" }],
    name: "Unpaused",
    type: "event",
  },
  {
    inputs: [
      { internalType: "bytes32", name: "paymentId", type: "bytes32" },
      { internalType: "address", name: "tokenAddress", type: "address" },
      { internalType: "uint256", name: "amount", type: "uint256" },
      { internalType: "address", name: "recipientAddress", type: "address" },
      { internalType: "bytes32", name: "merchantId", type: "bytes32" },
      { internalType: "uint256", name: "deadline", type: "uint256" },
      { internalType: "bytes", name: "serverSignature", type: "bytes" },
      {
        components: [
          { internalType: "uint256", name: "deadline", type: "uint256" },
          { internalType: "uint8", name: "v", type: "uint8" },
          { internalType: "bytes32", name: "r", type: "bytes32" },
          { internalType: "bytes32", name: "s", type: "bytes32" },
        ],
        internalType: "struct IPaymentGatewayTypes.Permit",
        name: "permit",
        type: "tuple",
      },
    ],
    name: "pay",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
] as const;

/**
 * The ERC-20 calls and errors a payer needs (OpenZeppelin's ERC-20): `approve` before `pay()`, `transfer` to a
 * deposit address. Not named `erc20Abi`, so it does not shadow viem's export of that name.
 */
export const tokenAbi = [
  {
    inputs: [
      { internalType: "address", name: "spender", type: "address" },
      { internalType: "uint256", name: "allowance", type: "uint256" },
      { internalType: "uint256", name: "needed", type: "uint256" },
    ],
    name: "ERC20InsufficientAllowance",
    type: "error",
  },
  {
    inputs: [
      { internalType: "address", name: "sender", type: "address" },
      { internalType: "uint256", name: "balance", type: "uint256" },
      { internalType: "uint256", name: "needed", type: "uint256" },
    ],
    name: "ERC20InsufficientBalance",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "approver", type: "address" }],
    name: "ERC20InvalidApprover",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "receiver", type: "address" }],
    name: "ERC20InvalidReceiver",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "sender", type: "address" }],
    name: "ERC20InvalidSender",
    type: "error",
  },
  {
    inputs: [{ internalType: "address", name: "spender", type: "address" }],
    name: "ERC20InvalidSpender",
    type: "error",
  },
  {
    inputs: [
      { internalType: "address", name: "owner", type: "address" },
      { internalType: "address", name: "spender", type: "address" },
    ],
    name: "allowance",
    outputs: [{ internalType: "uint256", name: "", type: "uint256" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      { internalType: "address", name: "spender", type: "address" },
      { internalType: "uint256", name: "value", type: "uint256" },
    ],
    name: "approve",
    outputs: [{ internalType: "bool", name: "", type: "bool" }],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [{ internalType: "address", name: "account", type: "address" }],
    name: "balanceOf",
    outputs: [{ internalType: "uint256", name: "", type: "uint256" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "decimals",
    outputs: [{ internalType: "uint8", name: "", type: "uint8" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "symbol",
    outputs: [{ internalType: "string", name: "", type: "string" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      { internalType: "address", name: "to", type: "address" },
      { internalType: "uint256", name: "value", type: "uint256" },
    ],
    name: "transfer",
    outputs: [{ internalType: "bool", name: "", type: "bool" }],
    stateMutability: "nonpayable",
    type: "function",
  },
] as const;
