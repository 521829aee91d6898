import { formatMinor } from '@app/shared/format/format';
import { format, parseISO } from 'date-fns';

// One way to write money and dates on every campaign screen.

/** 150000 tetri → "1,500.00 GEL". */
export const formatGel = (amountMinor: number) => `${formatMinor(amountMinor)} GEL`;

/** A timestamp (createdAt) as "Jul 23, 2025" in the reader's time zone. */
export const formatDay = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

/** A calendar date (a deadline, yyyy-MM-dd) as "Jul 23, 2025", the same day everywhere. */
export const formatCalendarDate = (date: string) => format(parseISO(date), 'MMM d, yyyy');
