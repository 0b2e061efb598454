import { encodeErrorResult, getAddress, parseUnits, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import {
  decodeRevert,
  explainRevert,
  findRevert,
  knownErrors,
  revertSentence,
  type RevertContext,
} from "../src/shared/revert.js";
import { revertMessages } from "../src/shared/revertMessages.js";

const wallet = getAddress("0x90f79bf6eb2c4f870365e785982e1f101e93b906");
const other = getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");
const id = `0xab12cd${"0".repeat(52)}34ef01` as Hex;
const seconds = 1_795_000_000n;
const en: RevertContext = { lang: "en", token: { symbol: "KTT", decimals: 18 }, nativeSymbol: "ETH" };
const time = new Date(Number(seconds) * 1000).toLocaleString("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
});

/** One row per error Kassa's contracts can raise: its arguments and the sentence a person reads. */
const rows: [name: string, args: readonly unknown[], sentence: string][] = [
  ["EnforcedPause", [], "Kassa's payment contract is paused for now. Try again later."],
  ["ExpectedPause", [], "The payment contract is not paused."],
  ["FeeChangeTooSoon", [seconds], `This fee changed recently; it may change again from ${time}.`],
  ["FeeTooHigh", [1500n, 1000n], "A fee of 1500 basis points is above the highest allowed, 1000."],
  [
    "InvalidServerSignature",
    [wallet, other],
    "Kassa's signature does not match this request (it was signed by 0x90F79b…93b906, the contract expects 0x3C44Cd…4293BC), so nothing was sent.",
  ],
  ["InvalidShortString", [], "A name given to the contract is not a valid short string."],
  ["InvalidSigner", [wallet], "0x90F79b…93b906 cannot be the contract's signer."],
  ["InvalidTreasury", [wallet], "0x90F79b…93b906 cannot be the treasury that receives the fees."],
  ["MerchantFeeNotSet", [id], "Merchant 0xab12cd…34ef01 has no fee of its own to remove."],
  ["OwnableInvalidOwner", [wallet], "0x90F79b…93b906 cannot own the contract."],
  [
    "OwnableUnauthorizedAccount",
    [wallet],
    "Only the contract's owner may do this, and 0x90F79b…93b906 is not its owner.",
  ],
  ["OwnershipCannotBeRenounced", [], "The contract's ownership cannot be given up."],
  ["PaymentAlreadyProcessed", [id], "Payment 0xab12cd…34ef01 is already paid, so nothing more was sent."],
  [
    "PaymentNotFound",
    [id],
    "The contract has no record of payment 0xab12cd…34ef01 being paid, so it cannot be refunded.",
  ],
  [
    "PaymentRequestExpired",
    [id, seconds],
    `The time to pay payment 0xab12cd…34ef01 ended at ${time}, so nothing was sent.`,
  ],
  ["RefundAlreadyProcessed", [id], "Refund 0xab12cd…34ef01 was already sent."],
  [
    "RefundRequestExpired",
    [id, seconds],
    `The time to send refund 0xab12cd…34ef01 ended at ${time}: start a new refund.`,
  ],
  [
    "DepositNotDelegated",
    [wallet],
    "The deposit address 0x90F79b…93b906 does not run the gateway's code yet: the transaction must carry its authorization.",
  ],
  [
    "PaymentNotReceived",
    [id, parseUnits("2", 18), parseUnits("1.98", 18)],
    "Payment 0xab12cd…34ef01 should have brought 2 KTT to the payment contract, but 1.98 KTT arrived, so nothing was sent.",
  ],
  [
    "ReentrancyGuardReentrantCall",
    [],
    "The payment contract refused a call made while it was already handling another in the same transaction.",
  ],
  [
    "DepositMismatch",
    [wallet, other],
    "The deposit address 0x90F79b…93b906 is not the one this payment expects (0x3C44Cd…4293BC).",
  ],
  [
    "DepositShort",
    [id, parseUnits("1.5", 18), parseUnits("2", 18)],
    "The deposit address of payment 0xab12cd…34ef01 holds 1.5 KTT, less than the 2 KTT it needs.",
  ],
  [
    "InvalidPayerSignature",
    [wallet],
    "The payer's signature does not match 0x90F79b…93b906: sign again with that wallet.",
  ],
  ["InvalidReturnSignature", [wallet], "The signature of this return does not match 0x90F79b…93b906."],
  ["Permit2NotEnabled", [], "Paying through Permit2 is not turned on for this payment contract."],
  ["ReturnAlreadyProcessed", [id], "Return 0xab12cd…34ef01 was already sent."],
  [
    "ReturnExceedsAvailable",
    [wallet, other, 7n, 5n],
    "A return of 7 (base units of 0x3C44Cd…4293BC) is more than the 5 the deposit address 0x90F79b…93b906 holds.",
  ],
  ["ReturnRequestExpired", [id, seconds], `The time to send return 0xab12cd…34ef01 ended at ${time}.`],
  ["SafeCastOverflowedUintDowncast", [96, 2n ** 100n], `The number ${2n ** 100n} does not fit in 96 bits.`],
  [
    "SubscriptionAmountNotAllowed",
    [id, parseUnits("12", 18), parseUnits("10", 18)],
    "Subscription 0xab12cd…34ef01 may be charged at most 10 KTT a period, not 12 KTT.",
  ],
  [
    "SubscriptionCancelNotAllowed",
    [id, wallet],
    "0x90F79b…93b906 may not cancel subscription 0xab12cd…34ef01.",
  ],
  [
    "SubscriptionChargeExpired",
    [id, 3n, seconds],
    `The time to charge period 3 of subscription 0xab12cd…34ef01 ended at ${time}.`,
  ],
  ["SubscriptionIsCanceled", [id], "Subscription 0xab12cd…34ef01 is canceled."],
  [
    "SubscriptionPeriodAlreadyCharged",
    [id, 3n],
    "Period 3 of subscription 0xab12cd…34ef01 is already charged.",
  ],
  [
    "SubscriptionPeriodNotOpen",
    [id, 3n, seconds, seconds],
    `Period 3 of subscription 0xab12cd…34ef01 can be charged only from ${time} to ${time}.`,
  ],
  ["AllowanceExpired", [seconds], `The Permit2 allowance expired at ${time}: approve again.`],
  ["ExcessiveInvalidation", [], "Too many Permit2 nonces would be invalidated at once."],
  [
    "InsufficientAllowance",
    [parseUnits("3", 18)],
    "The Permit2 allowance is too small for 3 KTT: approve more first.",
  ],
  ["InvalidAmount", [parseUnits("3", 18)], "The amount is more than the 3 KTT the Permit2 signature allows."],
  ["LengthMismatch", [], "The lists of the Permit2 request have different lengths."],
  ["SafeERC20FailedOperation", [other], "The token 0x3C44Cd…4293BC refused the transfer."],
  ["StringTooLong", ["Kassa Gateway"], "The text “Kassa Gateway” is too long for the contract."],
  [
    "ERC2771ForwarderExpiredRequest",
    [Number(seconds)],
    `The signed request expired at ${time}: sign it again.`,
  ],
  [
    "ERC2771ForwarderInvalidSigner",
    [other, wallet],
    "The request was signed by 0x3C44Cd…4293BC, not by 0x90F79b…93b906, the wallet it is for.",
  ],
  [
    "ERC2771ForwarderMismatchedValue",
    [parseUnits("0.5", 18), 0n],
    "The request asks for 0.5 ETH, but 0 ETH came with it.",
  ],
  [
    "ERC2771ForwarderNoRefundReceiver",
    [],
    "A batch whose requests may fail needs an address to return their value to.",
  ],
  [
    "ERC2771UntrustfulTarget",
    [wallet, other],
    "The contract 0x90F79b…93b906 does not trust the forwarder 0x3C44Cd…4293BC.",
  ],
  ["FailedCall", [], "A call inside the transaction failed without saying why."],
  [
    "InsufficientBalance",
    [parseUnits("0.01", 18), parseUnits("0.02", 18)],
    "The sender holds 0.01 ETH, but 0.02 ETH is needed.",
  ],
  [
    "InvalidAccountNonce",
    [wallet, 7n],
    "This signature of 0x90F79b…93b906 was already used or is out of order (the next one is number 7): sign again.",
  ],
  [
    "ERC20InsufficientBalance",
    [wallet, 0n, parseUnits("12.375", 18)],
    "The wallet 0x90F79b…93b906 holds 0 KTT, but 12.375 KTT must be sent: add tokens to it first.",
  ],
  [
    "ERC20InsufficientAllowance",
    [other, parseUnits("1", 18), parseUnits("2.5", 18)],
    "0x3C44Cd…4293BC may take 1 KTT from the wallet, but needs 2.5 KTT: approve the amount first.",
  ],
  ["ERC20InvalidApprover", [wallet], "The token refuses 0x90F79b…93b906 as the wallet giving the approval."],
  ["ERC20InvalidReceiver", [wallet], "The token refuses to send to 0x90F79b…93b906."],
  ["ERC20InvalidSender", [wallet], "The token refuses to send from 0x90F79b…93b906."],
  ["ERC20InvalidSpender", [wallet], "The token refuses 0x90F79b…93b906 as the one allowed to spend."],
  ["ERC2612ExpiredSignature", [seconds], `The permit signature expired at ${time}: sign it again.`],
  [
    "ERC2612InvalidSigner",
    [other, wallet],
    "The permit was signed by 0x3C44Cd…4293BC, not by the token's owner 0x90F79b…93b906.",
  ],
  ["ECDSAInvalidSignature", [], "The signature is not valid."],
  ["ECDSAInvalidSignatureLength", [64n], "The signature is not valid: it has 64 bytes."],
  ["ECDSAInvalidSignatureS", [id], "The signature is not valid (its s value is out of range)."],
];

/** Solidity's own errors, not in any ABI: Error(string) from require(..., "reason"), and panics. */
const builtins: [data: Hex, sentence: string][] = [
  [
    encodeErrorResult({
      abi: [{ type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] }],
      errorName: "Error",
      args: ["Ownable: caller is not the owner."],
    }),
    "The contract refused: Ownable: caller is not the owner.",
  ],
  [
    encodeErrorResult({
      abi: [{ type: "error", name: "Panic", inputs: [{ name: "reason", type: "uint256" }] }],
      errorName: "Panic",
      args: [0x11n],
    }),
    "The contract stopped on an internal error (panic code 0x11).",
  ],
];

describe("the revert decoder", () => {
  it.each(rows)("says %s in a sentence", (name, args, sentence) => {
    const data = encodeErrorResult({ abi: knownErrors, errorName: name, args } as never);
    const decoded = decodeRevert(data);
    expect(decoded?.name).toBe(name);
    expect(revertSentence(decoded!, en)).toBe(sentence);
    // Korean too, every placeholder filled.
    const ko = revertSentence(decoded!, { ...en, lang: "ko" });
    expect(ko).not.toMatch(/[{}]/);
    expect(ko).not.toBe(sentence);
  });

  it.each(builtins)("says Solidity's own error %s in a sentence", (data, sentence) => {
    expect(explainRevert({ data }, en)).toBe(sentence);
  });

  it("has a row, and a test row, for every error of the contracts, and no row for an error they lack", () => {
    const names = knownErrors.map((error) => error.name).sort();
    expect(rows.map(([name]) => name).sort()).toEqual(names);
    expect(Object.keys(revertMessages).sort()).toEqual([...names, "Error", "Panic"].sort());
  });

  it("finds the revert in what wallets and nodes throw", () => {
    const data = encodeErrorResult({
      abi: knownErrors,
      errorName: "ERC20InsufficientBalance",
      args: [wallet, 0n, 5n],
    });
    const anvilText = `Execution reverted with reason: custom error ${data.slice(0, 10)}: ${data.slice(10)}.\n\nRequest Arguments:\n  data:  0xa9059cbb${"0".repeat(128)}`;
    // viem over anvil (the text only), EIP-1193 with data, MetaMask's nested original error, ethers.
    expect(findRevert(new Error(anvilText))).toEqual({ data });
    expect(findRevert({ code: 3, message: "execution reverted", data })).toEqual({ data });
    expect(
      findRevert({ code: -32603, message: "Internal JSON-RPC error.", data: { originalError: { data } } }),
    ).toEqual({ data });
    expect(findRevert({ message: "x", info: { error: { data } } })).toEqual({ data });
    expect(findRevert(new Error("execution reverted: Pausable: paused"))).toEqual({
      reason: "Pausable: paused",
    });
    expect(findRevert(new Error("VM Exception: reverted with reason string 'nope'"))).toEqual({
      reason: "nope",
    });
    // Not a revert: the caller says it its own way.
    expect(
      findRevert(Object.assign(new Error("User rejected the request."), { code: 4001 })),
    ).toBeUndefined();
    expect(findRevert(new Error("execution reverted"))).toBeUndefined();
  });

  it("names an error it cannot decode by its selector, never its raw data", () => {
    const sentence = explainRevert({ data: `0xdeadbeef${"00".repeat(96)}` }, en);
    expect(sentence).toBe("The contract refused the transaction (0xdeadbeef).");
  });

  it("writes token amounts in base units when the token is not known", () => {
    const data = encodeErrorResult({
      abi: knownErrors,
      errorName: "ERC20InsufficientBalance",
      args: [wallet, 1n, 2n],
    });
    expect(explainRevert({ data }, { lang: "en" })).toBe(
      "The wallet 0x90F79b…93b906 holds 1 (base units), but 2 (base units) must be sent: add tokens to it first.",
    );
  });
});
