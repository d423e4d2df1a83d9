import type { ReactNode } from 'react';
import type { DesignLook } from '../designs';

/** The horizon of every backdrop (viewBox 1200x500): the floor runs from here to the bottom. */
export const HORIZON = 290;

/** A design's scenery, drawn over its sky and floor; `id` prefixes its gradient ids. */
export type Scene = (look: DesignLook, id: string) => ReactNode;
