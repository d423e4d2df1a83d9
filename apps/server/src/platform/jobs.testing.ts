/** The jobs the queue's own tests define (JOBS-TYPES-1: tests declare theirs like services do). */
type Nothing = Record<string, never>;

declare module './jobs' {
  interface JobTypes {
    greet: { n: number };
    work: { i: number };
    flaky: Nothing;
    doomed: { song?: string };
    tick: { tag: string };
    once: { n: number };
    known: Nothing;
    bad: Nothing;
    slow: Nothing;
    far: Nothing;
    after: Nothing;
    closing: Nothing;
    crashing: { song: string };
    stuck: { n: number };
  }
}

export {};
