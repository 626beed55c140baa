// How a hosted game is run: clocks, absent seats, limits. The host sets defaults, a game may
// override them when registered, a room's creator may choose its clock within the host's bounds.

/** What happens to a seat nobody holds once `emptySeat.seconds` have passed. */
export type EmptySeatPolicy = "bot" | "pause";

export interface RoomSettings {
  /** Seconds per decision; 0: no clock. On timeout the seats to act get a default move. */
  readonly turnSeconds: number;
  /** The clock a room's creator may choose is clamped to [min, max] (0 stays "no clock" only if min is 0). */
  readonly turnSecondsMin: number;
  readonly turnSecondsMax: number;
  /** A seat left empty this long is played by the server's bot, or pauses the match. */
  readonly emptySeat: { readonly seconds: number; readonly then: EmptySeatPolicy };
  /** Spectators a room admits besides its seats. */
  readonly maxSpectators: number;
  /** Per connection: a burst of `burst` messages, then `perSecond`; beyond it a message is refused,
   *  and a connection refused `disconnectAfter` times in a row is closed. */
  readonly rate: { readonly burst: number; readonly perSecond: number; readonly disconnectAfter: number };
  /** A room nobody has joined for this long is closed and its save deleted (an abandoned match). */
  readonly abandonSeconds: number;
  /** A server bot's move (an absent seat's, a timeout's) waits this long, so clients see each move. */
  readonly botDelayMs: number;
}

export const DEFAULT_SETTINGS: RoomSettings = {
  turnSeconds: 0,
  turnSecondsMin: 0,
  turnSecondsMax: 3600,
  emptySeat: { seconds: 60, then: "bot" },
  maxSpectators: 16,
  rate: { burst: 40, perSecond: 20, disconnectAfter: 200 },
  abandonSeconds: 3600,
  botDelayMs: 0,
};

export type SettingsOverride = {
  readonly [K in keyof RoomSettings]?: RoomSettings[K] extends object ? Partial<RoomSettings[K]> : RoomSettings[K];
};

export function mergeSettings(base: RoomSettings, override: SettingsOverride | undefined): RoomSettings {
  if (!override) return base;
  return {
    ...base,
    ...(override as Partial<RoomSettings>),
    emptySeat: { ...base.emptySeat, ...override.emptySeat },
    rate: { ...base.rate, ...override.rate },
  };
}

/** The clock a creator asked for (seconds, fractions allowed), within the bounds; anything but a
 *  number keeps the default. */
export function chooseTurnSeconds(settings: RoomSettings, asked: unknown): number {
  if (typeof asked !== "number" || !Number.isFinite(asked) || asked < 0) return settings.turnSeconds;
  if (asked === 0) return settings.turnSecondsMin === 0 ? 0 : settings.turnSecondsMin;
  return Math.min(settings.turnSecondsMax, Math.max(settings.turnSecondsMin, asked));
}
