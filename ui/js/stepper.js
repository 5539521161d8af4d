// "Solve step by step": the pace of the computer's steps, as a small machine. The screen gives it
// `step` (one backend step; resolves to {done} when nothing is left or the step failed) and a
// timer; the machine says what the controls show. Pure (the timer is passed in): node-tested.
//
//   off ──start──▶ playing ──pause / a move of the player's──▶ paused ──play──▶ playing
//                     │  ▲                                      │  ▲
//                     └──┘ a step, then the next after `delay`  └──┘ one step
//   any ──stop, or nothing left to do──▶ off

/** Milliseconds between two steps at each speed. */
export const SPEEDS = { slow: 3000, normal: 1500, fast: 500 };

/**
 * @param {{step: () => Promise<{done: boolean}>, later: (f: () => void, ms: number) => any,
 *   cancel: (handle: any) => void, changed?: (state: string) => void}} deps
 */
export function createStepper({ step, later, cancel, changed = () => {} }) {
  let state = 'off'; // 'off' | 'playing' | 'paused'
  let speed = 'normal';
  let timer = null;
  let busy = false; // a step is in flight: none is asked twice

  const set = (s) => {
    if (s === state) return;
    state = s;
    changed(s);
  };
  const stopTimer = () => {
    if (timer !== null) cancel(timer);
    timer = null;
  };
  // The next step after the pause of the current speed.
  const schedule = () => {
    stopTimer();
    timer = later(() => { timer = null; if (state === 'playing') run(); }, SPEEDS[speed]);
  };

  async function run() {
    if (busy) return;
    busy = true;
    let done;
    try {
      ({ done } = await step());
    } catch (e) {
      // A step that failed ends the steps (the screen has told the player why).
      stopTimer();
      set('off');
      throw e;
    } finally {
      busy = false;
    }
    if (done) {
      stopTimer();
      set('off');
    } else if (state === 'playing') {
      schedule();
    }
  }

  return {
    get state() { return state; },
    get speed() { return speed; },
    get busy() { return busy; },
    /** Opens the controls and makes the first step at once. */
    start() {
      set('playing');
      return run();
    },
    play() {
      if (state === 'playing') return null;
      set('playing');
      return run();
    },
    pause() {
      stopTimer();
      if (state === 'playing') set('paused');
    },
    /** One step, then paused (from off too: the controls open paused). */
    once() {
      stopTimer();
      set('paused');
      return run();
    },
    stop() {
      stopTimer();
      set('off');
    },
    /** The player did something of their own (a move, undo): the steps wait for them. */
    interrupted() {
      if (state === 'playing') this.pause();
    },
    setSpeed(s) {
      if (!(s in SPEEDS)) return;
      speed = s;
      // The next step comes at the new pace.
      if (state === 'playing' && timer !== null && !busy) schedule();
    },
  };
}
