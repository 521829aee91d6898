import { format, parseISO } from 'date-fns';

/** "Nino" and "Beridze" → "Nino Beridze"; a missing part is left out rather than leaving a stray space. */
export function fullName(name?: string | null, lastname?: string | null): string {
  return [name, lastname].filter(Boolean).join(' ');
}

// One way to write dates on every screen.

/** A timestamp (createdAt) as "Jul 23, 2025" in the reader's time zone. */
export const formatDay = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

/** A calendar date (a deadline, yyyy-MM-dd) as "Jul 23, 2025", the same day everywhere. */
export const formatCalendarDate = (date: string) => format(parseISO(date), 'MMM d, yyyy');
