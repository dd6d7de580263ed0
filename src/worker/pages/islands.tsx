// Server side of islands: renders the component inside a marker carrying its name, props and strategy.

import { type ComponentType, createContext, useContext } from 'react';
import { type HydrateStrategy, ISLAND_ATTR, ISLAND_HYDRATE_ATTR, ISLAND_PROPS_ATTR, type IslandName } from '../../shared/island.ts';

/** Collects the islands one page renders, so the document links only their code. */
export class IslandCollector {
  /** Island name -> whether one of its instances hydrates without waiting for the shopper. */
  readonly eager = new Map<IslandName, boolean>();

  add(name: IslandName, hydrate: HydrateStrategy): void {
    this.eager.set(name, this.eager.get(name) === true || hydrate !== 'interaction');
  }

  /** Takes in the islands of markup rendered apart (a cached part of the page, a guarded list of blocks). */
  merge(islands: ReadonlyMap<IslandName, boolean>): void {
    for (const [name, eager] of islands) this.add(name, eager ? 'load' : 'interaction');
  }
}

const CollectorContext = createContext<IslandCollector | null>(null);
export const IslandCollectorProvider = CollectorContext.Provider;

export function useIslandCollector(): IslandCollector {
  const collector = useContext(CollectorContext);
  if (!collector) throw new Error('Island rendered outside a page');
  return collector;
}

export interface IslandProps<P> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  hydrate: HydrateStrategy;
  /** What the client receives, when it needs less than the server render (a vanilla island reading the DOM). */
  clientProps?: object;
}

export function Island<P extends object>({ name, component: Component, props, hydrate, clientProps }: IslandProps<P>) {
  useIslandCollector().add(name, hydrate);
  const attributes = { [ISLAND_ATTR]: name, [ISLAND_HYDRATE_ATTR]: hydrate, [ISLAND_PROPS_ATTR]: JSON.stringify(clientProps ?? props) };
  return (
    <div className="island" {...attributes}>
      <Component {...props} />
    </div>
  );
}
