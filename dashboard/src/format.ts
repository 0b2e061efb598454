/** A moment in the browser's time zone, named ("28 Nov 2026, 14:03:05 UTC"): staff in several zones read the same. */
export function formatTime(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang === "ko" ? "ko-KR" : "en-GB", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  });
}

/** 0x1234…abcd */
export function short(hex: string): string {
  return hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-6)}` : hex;
}
