// The settings a coordinator and its Redis workers share, apart from the queue code (BullMQ is
// loaded only when a command uses Redis).

/** The queue's name when none is given: a coordinator and its workers must name the same one. */
export const DEFAULT_QUEUE = "rules-simulate";

/** How long a job stays with a worker that stopped answering before it is handed to another. */
export const DEFAULT_LOCK_MS = 30_000;
