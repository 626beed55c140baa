// The reader's decision as controls, built from each option's parameter domains: a move without
// parameters is a button; a range a slider with a number beside it; one card, seat or choice a button
// per value (a card also by clicking it on the table); a set of cards toggles with "none" allowed.
// An option with several parameters is a small form. A refusal is shown inside the option tried.

import { h, type ComponentChild, type ComponentChildren } from "preact";
import type { TableVar } from "@rules/runtime/present";

/** A parameter's value: what the rules' values are (a card id, a seat, a number, a choice). */
type Value = TableVar["value"];
import type { TableDecision, TableOption, TableParameter } from "@rules/runtime/present";

export type Values = Record<string, Value | readonly Value[]>;

export interface DecisionProps {
  readonly decision: TableDecision;
  /** Sends a move; resolves with the refusal's reason, or null when it was taken. */
  readonly send: (option: TableOption, values: Values) => Promise<string | null>;
  /** The last refusal, by option type. */
  readonly refusal: { readonly option: string; readonly reason: string } | null;
  /** The option's name in words, for a heading ("raise", "good deal"). */
  readonly title: (option: TableOption) => string;
  /** What each form holds so far, by option type (kept by the table: a card clicked there picks it here). */
  readonly chosen: (option: TableOption) => Values;
  readonly choose: (option: TableOption, values: Values) => void;
}

export function Decision({ decision, send, refusal, title, chosen, choose }: DecisionProps): ComponentChild {
  return h(
    "div",
    { class: "rt-options" },
    decision.options.map((option) =>
      h(OptionControl, {
        key: `${option.type}:${option.text}`,
        option,
        send,
        title: title(option),
        refusal: refusal && refusal.option === option.type ? refusal.reason : null,
        values: chosen(option),
        choose,
      }),
    ),
  );
}

interface OptionProps {
  readonly option: TableOption;
  readonly send: DecisionProps["send"];
  readonly title: string;
  readonly refusal: string | null;
  readonly values: Values;
  readonly choose: DecisionProps["choose"];
}

/** A discrete parameter: one of its choices. */
const discrete = (p: TableParameter): boolean => p.kind === "card" || p.kind === "player" || p.kind === "choice";

function OptionControl({ option, send, title, refusal, values, choose }: OptionProps): ComponentChild {
  const parameters = option.parameters;
  const alert = h("p", { class: "rt-refusal", role: "alert" }, refusal ?? "");
  const box = (children: ComponentChildren, extra: Record<string, unknown> = {}): ComponentChild =>
    h("div", { class: "rt-option", "data-option": option.type, ...extra }, children, alert);
  // No parameter: the move is its button.
  if (parameters.length === 0) {
    return box(h("button", { type: "button", class: "rt-move", "data-submit": "", onClick: () => void send(option, {}) }, option.text));
  }
  // One discrete parameter: a button per value, which plays it.
  if (parameters.length === 1 && discrete(parameters[0]!)) {
    const p = parameters[0]!;
    return box([
      h("p", { class: "rt-option-title", id: `rt-o-${option.type}` }, title),
      h(
        "div",
        { class: "rt-choices", role: "group", "aria-labelledby": `rt-o-${option.type}`, "data-parameter": p.name },
        (p.choices ?? []).map((choice) =>
          h(
            "button",
            {
              type: "button",
              class: p.kind === "card" ? "rt-choice rt-card-choice" : "rt-choice",
              "data-value": String(choice.value),
              "data-submit": "",
              onClick: () => void send(option, { [p.name]: choice.value }),
            },
            choice.label,
          ),
        ),
      ),
    ]);
  }
  return h(OptionForm, { option, send, title, alert, values, choose });
}

/** An option whose parameters are set first, then played: ranges, sets of cards, several parameters. */
function OptionForm({ option, send, title, alert, values, choose }: { option: TableOption; send: DecisionProps["send"]; title: string; alert: ComponentChild; values: Values; choose: DecisionProps["choose"] }): ComponentChild {
  const set = (name: string, value: Value | readonly Value[]): void => choose(option, { ...values, [name]: value });
  // A set the rules say may not be empty (`none: false`) holds a card before the move can be played.
  const ready = option.parameters.every((p) => values[p.name] !== undefined && !(p.kind === "cards" && p.none === false && (values[p.name] as readonly Value[]).length === 0));
  const id = `rt-f-${option.type}`;
  return h(
    "form",
    {
      class: "rt-option rt-option-form",
      "data-option": option.type,
      "aria-labelledby": id,
      onSubmit: (event: Event) => {
        event.preventDefault();
        if (ready) void send(option, values);
      },
    },
    h("p", { class: "rt-option-title", id }, title),
    option.parameters.map((p) => h(ParameterControl, { key: p.name, parameter: p, value: values[p.name], set: (v: Value | readonly Value[]) => set(p.name, v) })),
    h("button", { type: "submit", class: "rt-move", "data-submit": "", disabled: !ready }, submitText(option, title, values)),
    alert,
  );
}

/** A form's values before anything is picked: a range at its lowest, sets empty, a lone choice taken. */
export function initialValues(option: TableOption): Values {
  const values: Values = {};
  for (const p of option.parameters) {
    if (p.kind === "range") values[p.name] = p.min ?? 0;
    else if (p.kind === "cards") values[p.name] = [];
    else if (p.choices?.length === 1) values[p.name] = p.choices[0]!.value;
  }
  return values;
}

/** The form's button: "bid 14" for a lone range, "Discard with none" for empty sets that may be empty,
 *  else the option's name. */
function submitText(option: TableOption, title: string, values: Values): string {
  const [only] = option.parameters;
  if (option.parameters.length === 1 && only!.kind === "range") return `${option.text.split(" ")[0]} ${String(values[only!.name])}`;
  const sets = option.parameters.filter((p) => p.kind === "cards");
  if (sets.length > 0 && sets.every((p) => p.none !== false && (values[p.name] as readonly Value[]).length === 0)) return `${title} with none`;
  return title;
}

function ParameterControl({ parameter: p, value, set }: { parameter: TableParameter; value: Value | readonly Value[] | undefined; set: (v: Value | readonly Value[]) => void }): ComponentChild {
  const label = p.zone ? `${p.label} (from ${p.zone})` : p.label;
  if (p.kind === "range") {
    const number = typeof value === "number" ? value : (p.min ?? 0);
    const change = (event: Event): void => {
      const n = Math.trunc(Number((event.target as HTMLInputElement).value));
      if (Number.isFinite(n)) set(Math.max(p.min ?? n, Math.min(p.max ?? n, n)));
    };
    return h(
      "div",
      { class: "rt-range", "data-parameter": p.name },
      h("label", { for: `rt-r-${p.name}` }, `${label}: ${p.min}–${p.max}`),
      h("input", { type: "range", id: `rt-r-${p.name}`, name: `${p.name}-slider`, min: p.min, max: p.max, step: 1, value: number, onInput: change }),
      h("input", { type: "number", name: p.name, "aria-label": label, min: p.min, max: p.max, step: 1, value: number, onInput: change }),
    );
  }
  const chosen = (v: Value): boolean => (Array.isArray(value) ? value.includes(v) : value === v);
  const toggle = (v: Value): void => {
    if (p.kind === "cards") {
      const list = Array.isArray(value) ? (value as readonly Value[]) : [];
      set(list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
    } else set(v);
  };
  return h(
    "fieldset",
    { class: "rt-choices", "data-parameter": p.name, "data-kind": p.kind },
    // A set of cards: "or none" only where the rules allow the empty set (`none`, from the domain).
    h("legend", {}, p.kind === "cards" ? (p.none === false ? `${label}: one or more of these` : `${label}: any of these, or none`) : label),
    (p.choices ?? []).map((choice) =>
      h(
        "button",
        {
          type: "button",
          class: p.kind === "card" || p.kind === "cards" ? "rt-choice rt-card-choice" : "rt-choice",
          "aria-pressed": chosen(choice.value) ? "true" : "false",
          "data-value": String(choice.value),
          onClick: () => toggle(choice.value),
        },
        choice.label,
      ),
    ),
  );
}
