/** Pure time arithmetic of the price queries. Hours are UTC hours (epoch-aligned). */

export const HOUR_MS = 60 * 60 * 1000;

/** How far back `hourly-average` may fall back when the previous hour has no samples. */
export const DEFAULT_HOURLY_AVERAGE_STALENESS_MS = 3 * HOUR_MS;

export interface HourWindow {
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

export function startOfHour(time: Date): Date {
  return new Date(Math.floor(time.getTime() / HOUR_MS) * HOUR_MS);
}

/** The previous full hour: at 16:20 (and at 16:00:00.000 exactly) it is 15:00-16:00. */
export function previousFullHour(now: Date): HourWindow {
  const end = startOfHour(now);
  return { start: new Date(end.getTime() - HOUR_MS), end };
}

/**
 * The hour windows `hourly-average` may use at `now`, as one span: from the oldest acceptable hour
 * to the end of the previous full hour. An hour is acceptable while its end is no more than
 * `stalenessMs` before `now` (with 3 h, at 16:20 the hours 13-14, 14-15 and 15-16; at 16:00 also
 * 12-13). The query takes the newest acceptable hour that has samples.
 */
export function hourlyAverageSearchSpan(
  now: Date,
  stalenessMs: number = DEFAULT_HOURLY_AVERAGE_STALENESS_MS,
): HourWindow {
  const { start: newestStart, end } = previousFullHour(now);
  const oldestEnd = Math.ceil((now.getTime() - stalenessMs) / HOUR_MS) * HOUR_MS;
  const oldestStart = Math.min(oldestEnd - HOUR_MS, newestStart.getTime());
  return { start: new Date(oldestStart), end };
}
