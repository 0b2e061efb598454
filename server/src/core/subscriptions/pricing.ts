import type { Address, Hex } from "viem";
import type { PaymentSigner } from "../../chain/signer.js";
import type { PaymentRow } from "../../db/schema/rows.js";
import type { SubscriptionDetails } from "../../db/subscriptions/subscriptions.js";
import { convertFiatToToken, parseCurrency, scaledIntegerToDecimal } from "../../domain/fiat.js";
import type { PriceService } from "../prices/service.js";
import { scheduleOf } from "./schedule.js";

/**
 * What a period's charge takes. A plan priced in tokens: its amount, as signed. A fiat plan (the schedule's
 * `variableAmount`, its `amount` the most the payer allowed per charge): the price converted at the token's
 * hourly average (the price service of fiat payments), refused above the signed maximum, and the server's
 * `SubscriptionCharge` signature of that amount, valid for an hour.
 */

/** What fiat plans need to be charged: the price service and the signer of each charge. */
export interface ChargePricing {
  prices: PriceService;
  signer: PaymentSigner | undefined;
}

/**
 * How long a fiat charge's signature holds (seconds). The gateway dates a signed charge at `deadline - 3600`
 * (the fee in force then is the one taken), so the deadline is always exactly this far from the signing, also in
 * a period's last hour: the gateway's window check, not the deadline, refuses a charge after the period closes.
 */
const CHARGE_SIGNATURE_SECONDS = 3600n;

export type PricedCharge =
  | {
      ok: true;
      amount: bigint;
      /** The `SubscriptionCharge` deadline: 0 for a plan priced in tokens. */
      deadline: bigint;
      /** The server's `SubscriptionCharge` signature of a fiat plan's charge. */
      chargeSignature?: Hex;
      /** The conversion, kept on the charge's payment. */
      fiat?: { currency: string; fiat_amount: string; token_price: string };
    }
  | { ok: false; reason: string };

/** The token quantity of `units`, for a reason a merchant reads. */
const tokens = (row: SubscriptionDetails, units: bigint) =>
  `${scaledIntegerToDecimal(units, row.token_decimals)} ${row.token_symbol}`;

/** The fiat plan's amount of this period at the current price; `existing`: a payment sent again keeps its own. */
async function convertPrice(
  prices: PriceService,
  row: SubscriptionDetails & { currency: string; fiat_amount: string },
  existing: PaymentRow | undefined,
): Promise<PricedCharge> {
  if (existing?.currency && existing.fiat_amount && existing.token_price) {
    const { currency, fiat_amount, token_price } = existing;
    return {
      ok: true,
      amount: BigInt(existing.amount),
      deadline: 0n,
      fiat: { currency, fiat_amount, token_price },
    };
  }
  const currency = parseCurrency(row.currency);
  if (!currency) return { ok: false, reason: `currency ${row.currency} is no longer supported` };
  let price: string;
  try {
    price = await prices.hourlyAveragePrice({
      networkId: row.network_id,
      tokenAddress: row.token_address,
      currency,
    });
  } catch (error) {
    return { ok: false, reason: `no ${currency} price of ${row.token_symbol}: ${(error as Error).message}` };
  }
  const conversion = convertFiatToToken({
    fiatAmount: row.fiat_amount,
    currency,
    price,
    tokenDecimals: row.token_decimals,
  });
  const priced = `${row.fiat_amount} ${currency} at ${price} ${currency} per ${row.token_symbol}`;
  if (!conversion.ok) return { ok: false, reason: `${priced}: ${conversion.problem.message}` };
  const maximum = BigInt(row.amount);
  if (conversion.amountWei > maximum) {
    return {
      ok: false,
      reason: `the price moved beyond the payer's signed maximum: ${priced} is ${tokens(row, conversion.amountWei)}, above the maximum of ${tokens(row, maximum)} per charge`,
    };
  }
  return {
    ok: true,
    amount: conversion.amountWei,
    deadline: 0n,
    fiat: { currency, fiat_amount: row.fiat_amount, token_price: price },
  };
}

/** What charge `period` of `row` takes now (see above); `existing`: its payment, when sent again. */
export async function priceCharge(
  pricing: ChargePricing | undefined,
  row: SubscriptionDetails,
  period: number,
  now: Date,
  existing: PaymentRow | undefined,
): Promise<PricedCharge> {
  const { currency, fiat_amount } = row;
  if (currency === null || fiat_amount === null) {
    return { ok: true, amount: BigInt(row.amount), deadline: 0n };
  }
  if (!pricing?.signer) return { ok: false, reason: "no signer is configured to sign a fiat plan's charge" };
  const converted = await convertPrice(pricing.prices, { ...row, currency, fiat_amount }, existing);
  if (!converted.ok) return converted;
  const deadline = BigInt(Math.floor(now.getTime() / 1000)) + CHARGE_SIGNATURE_SECONDS;
  const chargeSignature = await pricing.signer.signSubscriptionCharge({
    chainId: row.network_id,
    gateway: row.gateway_address as Address,
    subscription: scheduleOf(row),
    charge: { period: BigInt(period), amount: converted.amount, deadline },
  });
  return { ...converted, deadline, chargeSignature };
}
