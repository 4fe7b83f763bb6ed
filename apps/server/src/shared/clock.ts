/** Time is injected so expiries, retries and renewals are tested by moving a clock, not by sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
