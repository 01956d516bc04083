import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { readProcessStat } from './readProcessStat.js';

/** The lock file inside the data directory (PostgreSQL ignores files it does not know). */
export const LOCK_FILE = 'relayer.lock';
/** The holder touches its lock this often, so a holder on another host can be told from a dead one. */
const HEARTBEAT_MS = 10_000;
/** A lock from another host not touched for this long is stale (its holder cannot be asked directly). */
const FOREIGN_STALE_MS = 60_000;
/** Lock files this process holds: its own PID in a lock is stale only if it is not one of these. */
const heldHere = new Set<string>();

interface LockOwner {
  pid: number;
  host: string;
  /** Linux boot id: a lock from before a reboot is stale whatever its PID. */
  bootId?: string;
  /** The holder's start time in clock ticks since boot (Linux), so a reused PID is not taken for it. */
  startTicks?: string;
  since: string;
}

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Another live process holds the data directory. The message names both, for the operator. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; host: string; since: string },
  ) {
    const where = holder.host === hostname() ? '' : ` on host ${holder.host}`;
    super(
      `The database directory ${dataDir} is in use by another relayer (PID ${holder.pid}${where}, since ${holder.since}). ` +
        'Only one process may open an embedded (PGlite) database: stop that process first, point DATA_DIR at another ' +
        'directory, or use PostgreSQL (DATABASE_URL) to run several instances.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes the data directory for this process, or throws DataDirLockedError naming the holder. PGlite
 * has no lock of its own: two processes on one directory both start, both write, and can leave it
 * unreadable. The lock is a file created exclusively (O_EXCL) holding the owner's PID, host and boot;
 * a lock whose owner is gone (killed, crashed, rebooted) is stale and taken over at once, so a kill -9
 * never blocks the next start. On another host (a shared volume) the owner cannot be asked, so there
 * the owner's heartbeat (the file's mtime) decides.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  const path = join(dir, LOCK_FILE);
  const me = currentOwner();
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path, me)) break;
    const seen = readLock(path);
    if (!seen) continue; // released between our create and read: try again
    if (heldHere.has(path) || !isStale(seen.owner, seen.mtimeMs)) {
      throw new DataDirLockedError(dir, seen.owner ?? { pid: 0, host: 'unknown', since: 'unknown' });
    }
    if (attempt >= 5) throw new Error(`could not take over the stale lock ${path}`);
    takeOverStale(path, seen.ino);
  }
  heldHere.add(path);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // The directory went away; the next write to it fails loudly anyway.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return {
    path,
    async release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(path);
      // Only our own lock is removed: never one a later owner wrote after ours was taken over.
      try {
        const seen = readLock(path);
        if (seen?.owner?.pid === me.pid && seen.owner.since === me.since) unlinkSync(path);
      } catch {
        // The directory is gone or unreadable: there is no lock left to release.
      }
    },
  };
}

function tryCreate(path: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(owner)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(path: string): { owner: LockOwner | undefined; mtimeMs: number; ino: number } | undefined {
  try {
    const stat = statSync(path);
    let owner: LockOwner | undefined;
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
      if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') owner = parsed as LockOwner;
    } catch {
      // Empty or torn: its writer died between create and write, so it is stale.
    }
    return { owner, mtimeMs: stat.mtimeMs, ino: stat.ino };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isStale(owner: LockOwner | undefined, mtimeMs: number): boolean {
  if (!owner) return true;
  if (owner.host !== hostname()) return Date.now() - mtimeMs > FOREIGN_STALE_MS;
  const bootId = readBootId();
  if (bootId && owner.bootId && owner.bootId !== bootId) return true;
  // Not one of ours (checked before), so an earlier process with our PID wrote it: a restarted
  // container often gets the PID its previous incarnation had.
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  const stat = readProcessStat(owner.pid);
  if (!stat) return false;
  // A killed holder stays a zombie until its parent reaps it (kill(pid, 0) still succeeds), but it
  // holds nothing any more: a supervisor restarting at once after kill -9 must not be refused.
  if (stat.state === 'Z' || stat.state === 'X') return true;
  return Boolean(owner.startTicks && stat.startTicks !== owner.startTicks);
}

/**
 * Moves the stale lock aside and deletes it. Two starters may judge the same lock stale at once; the
 * inode check makes sure one never deletes a fresh lock the other has just created in its place.
 */
function takeOverStale(path: string, staleIno: number): void {
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (statSync(aside).ino !== staleIno) {
    // We moved a live lock: put it back (unless yet another one took its place) and start over.
    try {
      linkSync(aside, path);
    } catch {
      // Already replaced; the next round reads whoever holds it now.
    }
  }
  unlinkSync(aside);
}

function currentOwner(): LockOwner {
  const bootId = readBootId();
  const startTicks = readProcessStat(process.pid)?.startTicks;
  return {
    pid: process.pid,
    host: hostname(),
    ...(bootId ? { bootId } : {}),
    ...(startTicks ? { startTicks } : {}),
    since: new Date().toISOString(),
  };
}

function readBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
