/**
 * LangGraph's PostgresSaver, used only once the database is ready (connected, migrated under the lock):
 * each call first awaits `ready`, so nothing touches a table before it exists, and a database that cannot be
 * reached fails the call with a StorageUnavailableError naming it rather than a bare driver error.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type {
  ChannelVersions,
  Checkpoint,
  CheckpointListOptions,
  CheckpointMetadata,
  CheckpointTuple,
  PendingWrite,
} from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type pg from "pg";
import { asUnavailable } from "./errors";

export class ReadyPostgresSaver extends PostgresSaver {
  constructor(
    pool: pg.Pool,
    schema: string,
    private readonly ready: () => Promise<unknown>,
    private readonly target: string,
  ) {
    super(pool, undefined, { schema });
  }

  private async guarded<T>(call: () => Promise<T>): Promise<T> {
    await this.ready();
    try {
      return await call();
    } catch (err) {
      throw asUnavailable(err, this.target);
    }
  }

  override getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return this.guarded(() => super.getTuple(config));
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    await this.ready();
    try {
      yield* super.list(config, options);
    } catch (err) {
      throw asUnavailable(err, this.target);
    }
  }

  override put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    return this.guarded(() => super.put(config, checkpoint, metadata, newVersions));
  }

  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    return this.guarded(() => super.putWrites(config, writes, taskId));
  }

  override deleteThread(threadId: string): Promise<void> {
    return this.guarded(() => super.deleteThread(threadId));
  }
}
