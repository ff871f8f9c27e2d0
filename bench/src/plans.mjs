// The full run (`pnpm bench`, ~500 MB corpus) and the one-minute `--quick` run.
export const PLANS = {
  full: {
    reps: 9,
    scalingReps: 3,
    adapterRounds: 15,
    subagentReps: 5,
    corpus: {
      files: 50_000,
      bigLines: 1_050_000,
      editBytes: 10 * 2 ** 20,
      bashBytes: 200_000_000,
      truncateBytes: 100 * 2 ** 20,
    },
    checkpoints: { files: 50_000, turns: 50, reps: 9 },
    mcp: { reps: 7, calls: 1000 },
    e2e: {
      turns: 50,
      reps: 7,
      coldReps: 10,
      resumeEntries: [1_000, 10_000, 50_000],
      historyMessages: 2_800,
      historyTurns: 10,
    },
  },
  quick: {
    reps: 3,
    scalingReps: 2,
    adapterRounds: 5,
    subagentReps: 2,
    corpus: {
      files: 4_000,
      bigLines: 100_000,
      editBytes: 2 ** 20,
      bashBytes: 20_000_000,
      truncateBytes: 10 * 2 ** 20,
    },
    checkpoints: { files: 4_000, turns: 20, reps: 3 },
    mcp: { reps: 3, calls: 300 },
    e2e: {
      turns: 20,
      reps: 2,
      coldReps: 3,
      resumeEntries: [300, 1_000, 3_000],
      historyMessages: 500,
      historyTurns: 6,
    },
  },
};
