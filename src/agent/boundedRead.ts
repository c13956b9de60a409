import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Reads the start of a regular file without following a link at the last step and without
 * blocking on a FIFO or a device: the path is opened `O_NOFOLLOW | O_NONBLOCK`, checked to be a
 * regular file on the open handle (not by name, so it cannot be swapped in between), and at most
 * `maxBytes` are read — a huge file costs no more than a small one.
 */

export type HeadRead =
  | { ok: true; bytes: Buffer; size: number }
  | { ok: false; error: string; notRegular?: boolean };

export async function readHead(realPath: string, maxBytes: number): Promise<HeadRead> {
  let handle;
  try {
    handle = await open(realPath, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ELOOP') return { ok: false, error: 'it is a symbolic link, which the file tools do not follow here' };
    if (code === 'EISDIR') return { ok: false, error: 'it is a folder', notRegular: true };
    return { ok: false, error: (error as Error).message?.split('\n', 1)[0] ?? String(error) };
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) return { ok: false, error: 'it is a folder', notRegular: true };
    if (!stat.isFile()) return { ok: false, error: 'it is not a regular file (a device, a socket or a pipe)', notRegular: true };
    const length = Math.min(stat.size, maxBytes);
    const bytes = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(bytes, read, length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { ok: true, bytes: bytes.subarray(0, read), size: stat.size };
  } catch (error) {
    return { ok: false, error: (error as Error).message?.split('\n', 1)[0] ?? String(error) };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Text is anything without a NUL byte in its first 8 KiB (what `git` and `grep` assume too). */
export function looksBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

/** UTF-8 text of `bytes`, without a character cut in two at the end. */
export function decodeHead(bytes: Buffer, cut: boolean): string {
  let end = bytes.length;
  if (cut) {
    // Step back over a final character whose bytes did not all fit.
    let start = end;
    while (start > 0 && end - start < 4 && (bytes[start - 1]! & 0xc0) === 0x80) start--;
    if (start > 0) {
      const lead = bytes[start - 1]!;
      const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      if (end - (start - 1) < needed) end = start - 1;
    }
  }
  return bytes.subarray(0, end).toString('utf8');
}
