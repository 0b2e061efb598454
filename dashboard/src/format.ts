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
