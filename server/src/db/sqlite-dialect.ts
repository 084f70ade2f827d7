// Kysely's SQLite dialect with the one connection handed out in arrival order. Kysely's own lock wakes every waiter
// at each release and lets a newcomer overtake them all; under a few hundred concurrent requests some queries then
// waited seconds behind later ones, and each release cost a wake-up per waiter.
import {
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/** A lock granted first come, first served. */
export class ArrivalOrderLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the lock straight to the longest waiter, so nobody arriving meanwhile can take it. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

export interface ArrivalOrderSqliteConfig extends SqliteDialectConfig {
  /** Runs as the database is closed, before the connection is. */
  onDestroy?: () => Promise<void>;
}

class ArrivalOrderSqliteDriver extends SqliteDriver {
  readonly #lock = new ArrivalOrderLock();
  readonly #onDestroy: (() => Promise<void>) | undefined;

  constructor(config: ArrivalOrderSqliteConfig) {
    super(config);
    this.#onDestroy = config.onDestroy;
  }

  override async destroy(): Promise<void> {
    await this.#onDestroy?.();
    await super.destroy();
  }

  // With this lock held, Kysely's own is always free: it is taken and released at once.
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#lock.release();
  }
}

export class ArrivalOrderSqliteDialect extends SqliteDialect {
  readonly #config: ArrivalOrderSqliteConfig;

  constructor(config: ArrivalOrderSqliteConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ArrivalOrderSqliteDriver(this.#config);
  }
}
