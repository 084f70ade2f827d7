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

class ArrivalOrderSqliteDriver extends SqliteDriver {
  readonly #lock = new ArrivalOrderLock();

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
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ArrivalOrderSqliteDriver(this.#config);
  }
}
