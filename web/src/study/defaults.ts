// The study defaults a page may need without loading the scheduler (ts-fsrs): /home reads a
// deck's figures with them.

/** Desired retention when the learner's deck sets none (DESIGN §4). */
export const DEFAULT_RETENTION = 0.9;
