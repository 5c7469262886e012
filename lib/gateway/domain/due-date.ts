/** A boleto due date, DDMMYYYY, as an ISO date (YYYY-MM-DD) when it is a real calendar date. */
export function parseDueDate(ddmmyyyy: string): string | undefined {
  const match = /^(\d{2})(\d{2})(\d{4})$/.exec(ddmmyyyy);
  if (!match) return undefined;
  const [, dd, mm, yyyy] = match;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const iso = `${yyyy}-${mm}-${dd}`;
  return date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** Not in the past, judged in Brazil's time (UTC−3), where the slips are paid. */
export function isPastDate(isoDate: string, now: Date): boolean {
  const brazilToday = new Date(now.getTime() - 3 * 3600 * 1000).toISOString().slice(0, 10);
  return isoDate < brazilToday;
}
