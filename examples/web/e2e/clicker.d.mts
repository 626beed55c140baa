import type { Page } from "playwright-core";
export declare function seeded(seed: number): () => number;
export declare function settle(page: Page): Promise<boolean>;
export declare function moveCount(page: Page): Promise<number>;
export declare function clickOneMove(page: Page, random: () => number, counts: { clicks: number; refused: number; reasons?: string[] }): Promise<void>;
export declare const GAMES: readonly { readonly id: string; readonly query: string; readonly maxClicks: number }[];
