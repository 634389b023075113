/** The UTC calendar date (YYYY-MM-DD) of an instant: the day alert windows are judged by. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
