/**
 * Without the network, a command must not reach a server outside through a unix socket
 * either (apps/cli/test/sandbox-bash.test.ts "a unix socket served from outside"):
 * `--unshare-net` gives the command its own abstract socket namespace, but a socket
 * file in the project (or /run) is reached by path, and a read-only mount does not stop
 * `connect` on it. A seccomp filter does: `socket(AF_UNIX, …)` fails with EACCES, so no
 * unix socket can be made to connect (or listen) with. `socketpair` stays allowed (a
 * pipe between two processes reaches nothing outside), and so does every other family
 * (the network namespace already has only its own loopback).
 *
 * The filter is a classic BPF program, a few instructions built here (no native code):
 * - a syscall of another ABI than the machine's (i386 `socketcall` on x86-64, the x32
 *   ABI, arm32 on arm64) fails: its arguments could not be checked;
 * - `io_uring_setup` fails: io_uring can create and connect sockets past seccomp;
 * - `socket` with domain AF_UNIX fails; everything else is allowed.
 * bwrap loads it (`--seccomp FD`) after setting up the sandbox; the program is written
 * once per process to a private file the command line opens (`sandboxArgv`).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

interface Machine {
  /** AUDIT_ARCH_* of the native ABI. */
  audit: number;
  socket: number;
  ioUringSetup: number;
  /** x86-64 marks x32 syscalls with this bit; 0 where there is no such ABI. */
  x32Bit: number;
}

const MACHINES: Partial<Record<NodeJS.Architecture, Machine>> = {
  x64: { audit: 0xc000003e, socket: 41, ioUringSetup: 425, x32Bit: 0x40000000 },
  arm64: { audit: 0xc00000b7, socket: 198, ioUringSetup: 425, x32Bit: 0 },
};

// linux/filter.h and linux/seccomp.h
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_EACCES = 0x00050000 | 13;
const AF_UNIX = 1;
// struct seccomp_data: nr at 0, arch at 4, args[0] at 16 (its low word first: both
// machines are little-endian).
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;

/**
 * The filter's bytes (struct sock_filter[]: u16 code, u8 jt, u8 jf, u32 k), or
 * undefined on a machine it is not written for.
 */
export function unixSocketFilter(arch: NodeJS.Architecture = process.arch): Buffer | undefined {
  const machine = MACHINES[arch];
  if (!machine) return undefined;
  // A jump skips that many instructions; the last two are the returns.
  const allow = 8;
  const deny = 9;
  const to = (from: number, target: number) => target - from - 1;
  const program: [code: number, jt: number, jf: number, k: number][] = [
    [LD_W_ABS, 0, 0, ARCH],
    [JEQ_K, 0, to(1, deny), machine.audit],
    [LD_W_ABS, 0, 0, NR],
    // On arm64 (no x32 bit) a jump of 0 either way: a no-op.
    [JGE_K, machine.x32Bit ? to(3, deny) : 0, 0, machine.x32Bit || 0xffffffff],
    [JEQ_K, to(4, deny), 0, machine.ioUringSetup],
    [JEQ_K, 0, to(5, allow), machine.socket],
    [LD_W_ABS, 0, 0, ARG0_LOW],
    [JEQ_K, to(7, deny), to(7, allow), AF_UNIX],
    [RET_K, 0, 0, RET_ALLOW],
    [RET_K, 0, 0, RET_EACCES],
  ];
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach(([code, jt, jf, k], i) => {
    bytes.writeUInt16LE(code, i * 8);
    bytes.writeUInt8(jt, i * 8 + 2);
    bytes.writeUInt8(jf, i * 8 + 3);
    bytes.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return bytes;
}

let written: string | undefined;

/**
 * The filter as a file of this process (in a private temporary folder, removed at
 * exit), or an Error saying why there is none: the caller refuses to start (fail closed).
 */
export function unixSocketFilterFile(): string | Error {
  if (written) return written;
  const filter = unixSocketFilter();
  if (!filter) {
    return new Error(
      `the sandbox without network cannot block unix sockets on ${process.arch} (only x64 and arm64)`,
    );
  }
  try {
    const folder = mkdtempSync(path.join(os.tmpdir(), "gong-seccomp-"));
    const file = path.join(folder, "unix-socket.bpf");
    writeFileSync(file, filter, { mode: 0o400 });
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
    written = file;
    return file;
  } catch (error) {
    return new Error(`cannot write the sandbox's seccomp filter: ${(error as Error).message}`);
  }
}
