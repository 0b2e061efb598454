export { startShop, defaultProducts, type ShopOptions, type RunningShop } from "./shop.js";
export { loadShopConfig, usage } from "./config.js";
export { OrderStore, type Order, type OrderStatus } from "./store.js";
export type { Product } from "./page.js";
