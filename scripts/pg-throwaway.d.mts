export interface ThrowawayPostgres {
  url: string;
  port: number;
  dir: string;
  stop(): void;
  /** Stops the server (fast shutdown: every connection ends); resume() starts it again with the same data. */
  pause(): void;
  resume(): void;
}
export function findPgBin(): string;
export function startThrowawayPostgres(options?: { port?: number; quiet?: boolean }): Promise<ThrowawayPostgres>;
