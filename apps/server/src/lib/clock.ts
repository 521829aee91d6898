/** What time it is. Injected wherever time decides something, so tests can move it (days, months, time zones). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
