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
export function startThrowawayPostgres(options?: {
  port?: number;
  quiet?: boolean;
  /** More `name=value` server settings. */
  settings?: string[];
  /** Where to copy the server's log when it stops. */
  keepLog?: string;
}): Promise<ThrowawayPostgres>;
