import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Forces one file's (or directory's) written data to stable storage. `path` is its real path. */
export type FsyncFile = (fd: number, path: string) => void;

type InitOptions = Parameters<NodeFS['init']>[1];
type Module = Parameters<NonNullable<InitOptions['preRun']>[number]>[0];

interface NodefsStream {
  nfd: number;
  node: unknown;
}
interface Nodefs {
  stream_ops: { fsync?: (stream: NodefsStream) => number };
  realPath(node: unknown): string;
  /** Runs a node:fs call, turning its error into the errno PostgreSQL sees. */
  tryFSOperation<T>(run: () => T): T;
}

/**
 * PGlite's Node filesystem with an fsync that reaches the disk. PGlite mounts the data directory with
 * Emscripten's NODEFS, whose file streams have no `fsync` operation: PostgreSQL's fsync() of the WAL at
 * commit and of the data files at a checkpoint "succeeds" without calling the OS (and its `fdatasync`
 * is a stub), so a committed transaction may live only in the OS page cache and an OS crash or power
 * loss takes it. With this, PostgreSQL's own durability (fsync on, `wal_sync_method=fsync`) holds.
 * A failed fsync reaches PostgreSQL as EIO, which makes it stop rather than continue on lost writes.
 */
export class DurableNodeFS extends NodeFS {
  readonly #fsyncFile: FsyncFile;

  constructor(dataDir: string, fsyncFile: FsyncFile = (fd) => fsyncSync(fd)) {
    super(dataDir);
    this.#fsyncFile = fsyncFile;
  }

  override async init(pg: PGlite, opts: InitOptions): ReturnType<NodeFS['init']> {
    const result = await super.init(pg, opts);
    const fsyncFile = this.#fsyncFile;
    const addFsync = (mod: Module) => {
      const nodefs = (mod as unknown as { NODEFS: Nodefs }).NODEFS;
      nodefs.stream_ops.fsync = (stream) =>
        nodefs.tryFSOperation(() => {
          fsyncFile(stream.nfd, nodefs.realPath(stream.node));
          return 0;
        });
    };
    result.emscriptenOpts.preRun = [...(result.emscriptenOpts.preRun ?? []), addFsync];
    return result;
  }
}
