export interface ThrowawayPostgres {
  url: string;
  port: number;
  dir: string;
  stop(): void;
}
export function findPgBin(): string;
export function startThrowawayPostgres(options?: { port?: number; quiet?: boolean }): Promise<ThrowawayPostgres>;
