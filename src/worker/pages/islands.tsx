// Server side of islands: renders the component inside a marker carrying its name, props and strategy.
// A React island hydrates with exactly the props it rendered with (so nothing the server alone should see
// can be handed to it apart from its props); a vanilla island may send the client less than it rendered.

import { type ComponentType, createContext, useContext } from 'react';
import { type HydrateStrategy, ISLAND_ATTR, ISLAND_HYDRATE_ATTR, ISLAND_PROPS_ATTR, type IslandName, type ReactIslandName } from '../../shared/island.ts';
import { islandMessageKeys } from './island-messages.ts';

/** Collects the islands one page renders, so the document links only their code and their messages. */
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

  /** The message keys the page's React islands translate. */
  messageKeys() {
    return islandMessageKeys(this.eager.keys());
  }
}

const CollectorContext = createContext<IslandCollector | null>(null);
export const IslandCollectorProvider = CollectorContext.Provider;

export function useIslandCollector(): IslandCollector {
  const collector = useContext(CollectorContext);
  if (!collector) throw new Error('Island rendered outside a page');
  return collector;
}

interface CommonIslandProps<N extends IslandName, P> {
  name: N;
  component: ComponentType<P>;
  props: P;
  hydrate: HydrateStrategy;
  /** A span instead of a div, for an island inside text or a button. */
  inline?: boolean;
}

export type IslandProps<N extends IslandName, P> = CommonIslandProps<N, P> &
  (N extends ReactIslandName
    ? { clientProps?: never }
    : {
        /** What the client receives, when it needs less than the server render (it reads the rest from the DOM). */
        clientProps?: object;
      });

export function Island<N extends IslandName, P extends object>({ name, component: Component, props, hydrate, inline, clientProps }: IslandProps<N, P>) {
  useIslandCollector().add(name, hydrate);
  const attributes = { [ISLAND_ATTR]: name, [ISLAND_HYDRATE_ATTR]: hydrate, [ISLAND_PROPS_ATTR]: JSON.stringify(clientProps ?? props) };
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper className="island" {...attributes}>
      <Component {...props} />
    </Wrapper>
  );
}
