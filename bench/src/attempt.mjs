// A bench row that cannot be measured says so in its row and the rest of the bench goes
// on: `pnpm bench` fails only when nothing at all could be measured.

/** Why `error` stopped a measurement, in one line (a network error's code first). */
export function reasonOf(error) {
  const code = error?.cause?.code ?? error?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).split("\n")[0];
}

/** A row without numbers: its name and why it was not measured. */
export function failedRow(section, name, error) {
  const reason = reasonOf(error);
  return { section, name, failed: reason, note: `not measured: ${reason}` };
}

/**
 * Runs `measure`, which pushes its own rows onto `rows`; if it throws, the rows it
 * pushed stay and one row named `name` says why the rest is missing.
 */
export async function attempt(rows, section, name, measure, log) {
  try {
    await measure();
  } catch (error) {
    const row = failedRow(section, name, error);
    log(`  ${name}: ${row.note}`);
    rows.push(row);
  }
}

/** Whether a run measured anything: some row with numbers, or some scaling point. */
export function measuredAnything(rows, scaling) {
  return (
    rows.some((row) => !row.failed) ||
    Object.values(scaling).some(({ points }) => Object.values(points).some((p) => p.length))
  );
}
