/** Exact display of base units (a decimal string) with `decimals`, trailing zeros dropped: no Number. */
export function formatUnits(value: string, decimals: number): string {
  const negative = value.startsWith("-");
  const digits = (negative ? value.slice(1) : value).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export function formatTime(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang === "ko" ? "ko-KR" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "medium",
  });
}

/** 0x1234…abcd */
export function short(hex: string): string {
  return hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-6)}` : hex;
}
