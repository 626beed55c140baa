import type { Browser } from "playwright-core";
export declare const CHROMIUM: string;
export declare function buildAndServe(): Promise<{ readonly base: string; close(): Promise<void> }>;
export declare function launchChromium(): Promise<Browser>;
