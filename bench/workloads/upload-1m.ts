import { catalogCsv, catalogRows } from "../data";
import { fastestOf, measureTs, round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/** upload-1m: parse + profile the 1M-row catalog (100k with --quick), as an upload does. */
export const upload1m: Workload = {
  name: "upload-1m",
  description: "parse + profile a CSV upload",
  async run({ quick, repeat }): Promise<WorkloadReport> {
    const csv = catalogCsv(catalogRows(quick));
    const [ours] = fastestOf(repeat, [() => measureTs("children/upload.ts", [csv])]);
    return {
      workload: "upload-1m",
      seconds: round(ours.seconds, 3),
      peak_rss_mb: ours.peak_rss_mb,
      runs: repeat,
      rows: ours.report.rows,
      process_seconds: ours.process_seconds,
      phases: ours.report.phases,
    };
  },
};
