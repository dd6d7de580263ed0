// The held clicks of an island that waits for the shopper, replayed in the order they came. Node has
// EventTarget but no DOM: a control is an event target that knows its name, and a click on it is
// dispatched at the island (the trigger) with the control as its target, as the browser's capture phase
// would deliver it.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wakeOnInteraction } from './wake-on-interaction.ts';

class Control extends EventTarget {
  readonly isConnected = true;
  constructor(
    readonly name: string,
    private readonly island: EventTarget,
  ) {
    super();
  }
  closest(): Control {
    return this;
  }
  click(): void {
    const event = new Event('click', { cancelable: true });
    Object.defineProperty(event, 'target', { value: this });
    this.island.dispatchEvent(event);
  }
}

const tasks = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setTimeout(resolve));
};

describe('wakeOnInteraction', () => {
  const globals = globalThis as { MouseEvent?: unknown };
  const hadMouseEvent = 'MouseEvent' in globals;
  beforeEach(() => {
    if (!hadMouseEvent) globals.MouseEvent = class extends Event {};
  });
  afterEach(() => {
    if (!hadMouseEvent) delete globals.MouseEvent;
  });

  function island() {
    const trigger = new EventTarget();
    let hydrated = () => {};
    const ready = new Promise<void>((resolve) => {
      hydrated = resolve;
    });
    wakeOnInteraction(trigger as HTMLElement, () => ready);
    // What the island's own handlers saw, in order: the held clicks reach them only when replayed.
    const seen: string[] = [];
    trigger.addEventListener('click', (event) => seen.push((event.target as Control).name));
    const control = (name: string) => new Control(name, trigger);
    return { hydrated, seen, control };
  }

  it('replays the clicks held before hydration in order, one task apart', async () => {
    const { hydrated, seen, control } = island();
    control('size').click();
    control('width').click();
    control('add').click();
    expect(seen).toEqual([]);
    hydrated();
    await tasks(5);
    expect(seen).toEqual(['size', 'width', 'add']);
  });

  it('holds a click that comes after hydration until the held ones before it are replayed', async () => {
    const { hydrated, seen, control } = island();
    control('size').click();
    control('width').click();
    hydrated();
    // The island is awake and the size replayed; the width waits for the next task. A shopper's (or a
    // test's) Add to cart now must not overtake it, or the add finds no variant.
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual(['size']);
    control('add').click();
    await tasks(5);
    expect(seen).toEqual(['size', 'width', 'add']);
  });

  it('lets clicks through once every held one has been replayed', async () => {
    const { hydrated, seen, control } = island();
    control('size').click();
    hydrated();
    await tasks(3);
    control('add').click();
    expect(seen).toEqual(['size', 'add']);
  });
});
