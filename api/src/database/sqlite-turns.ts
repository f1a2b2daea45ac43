import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * On SQLite, TypeORM runs everything on one connection (better-sqlite3's driver has one query runner) and never makes a
 * transaction wait for another: one started while another is open becomes a savepoint of it, or fails, so that two
 * requests counting then inserting both count the same, and one's rollback undoes the other's writes; a statement run
 * outside any transaction meanwhile is part of the open one (it reads what is not committed, and is undone with it).
 *
 * `takeTurnsOnSqlite` makes the data source's work take turns on that connection, process-wide (SQLite is the embedded
 * mode: its jobs run in the API's process), without any caller having to think about it:
 * - a transaction (`dataSource.transaction`, `dataSource.manager.transaction`, a repository's `manager.transaction`)
 *   and a save or removal of the data source's manager (whose own transaction TypeORM opens) wait for the connection,
 *   then hold it until they end. What they run, in the same async context, holds it with them: a transaction started
 *   inside one runs inside it (a savepoint), a statement of its callback runs at once;
 * - a statement from elsewhere waits until the connection is free, then runs on its own;
 * - a transaction started on the query runner itself (`createQueryRunner().startTransaction()`, TypeORM's own for a
 *   save of a runner's manager) waits too, and holds the connection until it commits or rolls back. Its work cannot be
 *   told from another's (it runs in no context of its own): meanwhile, statements from elsewhere run at once, in it, as
 *   before; transactions, saves and removals from elsewhere wait.
 * Work awaited by a holder that was started outside it, and needs the connection, would wait forever: past `STALL_MS`,
 * it is said in the log and runs inside the holder's work, as TypeORM alone would run it.
 */
export function takeTurnsOnSqlite(dataSource: DataSource): DataSource {
  if (dataSource.options.type !== 'better-sqlite3' || TAKING_TURNS.has(dataSource)) return dataSource;
  TAKING_TURNS.add(dataSource);
  const turns = new Turns();
  const manager = dataSource.manager as unknown as Record<(typeof HELD_BY_MANAGER)[number], (...args: unknown[]) => Promise<unknown>>;
  for (const method of HELD_BY_MANAGER) {
    const original = manager[method].bind(manager);
    manager[method] = (...args) => turns.hold(() => original(...args));
  }
  // Its one query runner, made during the initialisation (migrations) or, after a new connection, on first use.
  const driver = dataSource.driver as unknown as { createQueryRunner(mode: string): QueryRunner };
  const createQueryRunner = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => turns.watch(createQueryRunner(mode));
  return dataSource;
}

/** What the data source's manager does in its own turn: a transaction, or what TypeORM runs in a transaction of its own. */
const HELD_BY_MANAGER = ['transaction', 'save', 'remove', 'softRemove', 'recover'] as const satisfies readonly (keyof EntityManager)[];

const TAKING_TURNS = new WeakSet<DataSource>();

/** How long work waits for the connection before it is taken for a deadlock (see above). */
const STALL_MS = 15_000;

interface Turn {
  /** Held by an async context, whose continuations alone use the connection while it holds it. */
  owned: boolean;
  /** Until its work ends: a continuation of its context that outlives it is elsewhere. */
  open: boolean;
  /** Waited past STALL_MS, and runs without holding the connection. */
  forced: boolean;
}

class Turns {
  private readonly logger = new Logger('Database');
  private readonly context = new AsyncLocalStorage<Turn>();
  private readonly watched = new WeakSet<QueryRunner>();
  private holder: Turn | null = null;
  private readonly waiting: { turn: Turn; start: () => void }[] = [];
  /** The transaction started on the query runner outside any turn, while it lasts. */
  private runnerTransaction: Turn | null = null;

  /** Runs `work` holding the connection, or within the turn of the current context. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTurn()) return work();
    const turn: Turn = { owned: true, open: true, forced: false };
    await this.take(turn);
    try {
      return await this.context.run(turn, work);
    } finally {
      this.give(turn);
    }
  }

  /** The query runner's statements and transactions take turns too. */
  watch(runner: QueryRunner): QueryRunner {
    if (this.watched.has(runner)) return runner;
    this.watched.add(runner);
    const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
    const start = runner.startTransaction.bind(runner);
    const commit = runner.commitTransaction.bind(runner);
    const rollback = runner.rollbackTransaction.bind(runner);
    Object.assign(runner, {
      query: (...args: unknown[]) => (this.mayRun() ? query(...args) : this.hold(() => query(...args))),
      startTransaction: async (isolation?: Parameters<QueryRunner['startTransaction']>[0]) => {
        // Within the turn of the context that started it, or within the query runner's own transaction.
        if (this.inTurn() || (this.runnerTransaction && runner.isTransactionActive)) return start(isolation);
        const turn: Turn = { owned: false, open: true, forced: false };
        await this.take(turn);
        this.runnerTransaction = turn;
        try {
          await start(isolation);
        } catch (error) {
          this.endRunnerTransaction(runner);
          throw error;
        }
      },
      commitTransaction: async () => {
        try {
          await commit();
        } finally {
          this.endRunnerTransaction(runner);
        }
      },
      rollbackTransaction: async () => {
        try {
          await rollback();
        } finally {
          this.endRunnerTransaction(runner);
        }
      },
    });
    return runner;
  }

  /** Whether the current context holds the connection (or was let go on without it). */
  private inTurn(): boolean {
    const turn = this.context.getStore();
    return turn !== undefined && turn.open && (turn === this.holder || turn.forced);
  }

  /** Whether a statement of the current context may run now. */
  private mayRun(): boolean {
    return this.holder === null || this.runnerTransaction !== null || this.inTurn();
  }

  private endRunnerTransaction(runner: QueryRunner): void {
    const turn = this.runnerTransaction;
    if (!turn || runner.isTransactionActive) return;
    this.runnerTransaction = null;
    this.give(turn);
  }

  private take(turn: Turn): Promise<void> {
    if (this.holder === null) {
      this.holder = turn;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const waiting = {
        turn,
        start: () => {
          clearTimeout(stalled);
          resolve();
        },
      };
      const stalled = setTimeout(() => {
        const index = this.waiting.indexOf(waiting);
        if (index < 0) return;
        this.waiting.splice(index, 1);
        turn.forced = true;
        this.logger.error(
          `Work waited ${STALL_MS / 1000} s for the SQLite connection, and runs inside the work holding it: does a transaction await work started outside it?`,
        );
        resolve();
      }, STALL_MS);
      this.waiting.push(waiting);
    });
  }

  private give(turn: Turn): void {
    turn.open = false;
    if (this.holder !== turn) return;
    const next = this.waiting.shift();
    this.holder = next?.turn ?? null;
    next?.start();
  }
}
