// What the numbers were measured on: CPU, memory, load, versions, the raw tools found,
// and the physical limits (disk read and memory copy bandwidth).
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import os from "node:os";
import { detectSearchBinaries } from "@gong/tools";
import { timeCommand } from "./measure.mjs";

function versionOf(bin) {
  if (!bin) return undefined;
  return spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout.split("\n")[0];
}

/** rg and fd (Debian's `fdfind`) on PATH, found as Gong's own tools find them. */
export function rawTools() {
  const { rg, fd } = detectSearchBinaries();
  return { rg, fd };
}

export function machineInfo(bins, piVersion) {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}/${process.arch}`,
    cpu: cpus[0]?.model,
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadavgBefore: os.loadavg(),
    pi: piVersion,
    rg: versionOf(bins.rg) ?? "not found",
    fd: versionOf(bins.fd) ?? "not found",
  };
}

const COPY_BYTES = 256 * 2 ** 20;

/** GB/s of `cat` reading a cached file to a pipe, and of one in-memory 256 MiB copy. */
export async function bandwidth(file) {
  const bytes = statSync(file).size;
  await timeCommand("cat", [file]);
  const catMs = await timeCommand("cat", [file]);
  // The copy runs in a child: its 512 MiB of buffers stayed in this process until some
  // later GC, and every spawn of the tool rows (rg, fd, ls, bash) forked them along
  // (~28 ms a spawn instead of ~2).
  const copy = spawnSync(
    process.execPath,
    [
      "-e",
      `const source = Buffer.alloc(${COPY_BYTES}, 1);
       const target = Buffer.allocUnsafe(source.length);
       const started = performance.now();
       source.copy(target);
       console.log(performance.now() - started);`,
    ],
    { encoding: "utf8" },
  );
  const copyMs = Number(copy.stdout);
  return {
    catGBps: bytes / 1e9 / (catMs / 1000),
    memcpyGBps: COPY_BYTES / 1e9 / (copyMs / 1000),
  };
}
