import type { RunningMedusa } from "./medusa.js";

/** What the storefront needs of the seeded store. */
export interface SeededStore {
  publishableKey: string;
  regionId: string;
  /** A published product's only variant, 10 USD, inventory not managed. */
  variantId: string;
}

/** The variant's price and the one shipping option's, in USD. */
export const PRODUCT_PRICE = 10;
export const SHIPPING_PRICE = 2.5;

/**
 * A store a merchant would have set up in Medusa's admin, made through the Admin API: USD (Kassa's token is
 * pegged to it) in a US region whose payment providers are the two Kassa registrations, a stock location that
 * ships with Medusa's manual fulfillment, a flat shipping option, and one product. Medusa's migrations made the
 * default sales channel and its publishable key.
 */
export async function seedStore(medusa: RunningMedusa, providerIds: string[]): Promise<SeededStore> {
  const call = async (path: string, json?: unknown) => {
    const response = await medusa.admin(path, json === undefined ? {} : { json });
    if (response.status >= 300) {
      throw new Error(
        `${json === undefined ? "GET" : "POST"} ${path}: ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    return response.body;
  };
  const {
    stores: [store],
  } = await call("/admin/stores");
  await call(`/admin/stores/${store.id}`, {
    supported_currencies: [{ currency_code: "usd", is_default: true }],
  });
  const salesChannelId: string = store.default_sales_channel_id;
  const { region } = await call("/admin/regions", {
    name: "United States",
    currency_code: "usd",
    countries: ["us"],
    payment_providers: providerIds,
  });
  const { stock_location: location } = await call("/admin/stock-locations", {
    name: "Warehouse",
    address: { address_1: "1 Main St", city: "Springfield", country_code: "us" },
  });
  await call(`/admin/stock-locations/${location.id}/sales-channels`, { add: [salesChannelId] });
  await call(`/admin/stock-locations/${location.id}/fulfillment-providers`, { add: ["manual_manual"] });
  const { stock_location: withSet } = await call(
    `/admin/stock-locations/${location.id}/fulfillment-sets?fields=*fulfillment_sets`,
    { name: "Shipping from the warehouse", type: "shipping" },
  );
  const fulfillmentSetId: string = withSet.fulfillment_sets[0].id;
  const { fulfillment_set: set } = await call(
    `/admin/fulfillment-sets/${fulfillmentSetId}/service-zones?fields=*service_zones`,
    { name: "United States", geo_zones: [{ type: "country", country_code: "us" }] },
  );
  const {
    shipping_profiles: [profile],
  } = await call("/admin/shipping-profiles");
  await call("/admin/shipping-options", {
    name: "Standard shipping",
    price_type: "flat",
    service_zone_id: set.service_zones[0].id,
    shipping_profile_id: profile.id,
    provider_id: "manual_manual",
    type: { label: "Standard", description: "Three to five days", code: "standard" },
    prices: [{ currency_code: "usd", amount: SHIPPING_PRICE }],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: "false", operator: "eq" },
    ],
  });
  const { product } = await call("/admin/products", {
    title: "Kassa mug",
    status: "published",
    shipping_profile_id: profile.id,
    sales_channels: [{ id: salesChannelId }],
    options: [{ title: "Size", values: ["One size"] }],
    variants: [
      {
        title: "One size",
        options: { Size: "One size" },
        manage_inventory: false,
        prices: [{ currency_code: "usd", amount: PRODUCT_PRICE }],
      },
    ],
  });
  const {
    api_keys: [apiKey],
  } = await call("/admin/api-keys?type=publishable");
  return { publishableKey: apiKey.token, regionId: region.id, variantId: product.variants[0].id };
}
