export { CheckoutError } from "./checkout.js";
export { DEFAULT_QUEUE, type QueueAddress } from "./connection.js";
export type { FleetJob, FleetProgress, FleetResult, FleetTask, FleetUsage } from "./job.js";
export { parseTasksJsonl } from "./job.js";
export { type FleetJobView, FleetQueue, JOB_OPTIONS, type QueueCounts } from "./producer.js";
export { type FleetWorker, type FleetWorkerOptions, startFleetWorker } from "./worker.js";
