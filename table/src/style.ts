// The table's look, added once per document: a felt for the middle, seats around it, cards as cards.
// Every class starts with `rt-`, so an app can restyle it or pass `unstyled` and bring its own.

const CSS = `
.rt-table{--rt-felt:#1f5e3b;--rt-felt-edge:#17482d;--rt-card:#fffdf6;--rt-ink:#1d1d1b;--rt-muted:#5d6066;--rt-accent:#c8102e;
--rt-seat-0:#2f6fdf;--rt-seat-1:#d9480f;--rt-seat-2:#2b8a3e;--rt-seat-3:#9c36b5;--rt-seat-4:#e8a400;--rt-seat-5:#0c8599;--rt-seat-6:#c2255c;--rt-seat-7:#5f3dc4;
font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--rt-ink);background:#f1ede4;padding:.75rem;border-radius:12px;box-sizing:border-box}
.rt-table *,.rt-table *::before,.rt-table *::after{box-sizing:border-box}
.rt-table h1,.rt-table h2,.rt-table h3,.rt-table p,.rt-table ol,.rt-table dl{margin:0;padding:0}
.rt-status{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem 1rem;margin-bottom:.6rem}
.rt-title{font-size:1.35rem}
.rt-turn{font-weight:600;padding:.15rem .6rem;border-radius:999px;background:#e2ddd0}
.rt-turn.rt-yours{background:var(--rt-accent);color:#fff}
.rt-note{color:var(--rt-muted);font-size:.9rem}
.rt-layout{display:grid;grid-template-columns:minmax(0,1fr) minmax(16rem,22rem);gap:.75rem;align-items:start}
.rt-felt{display:flex;flex-direction:column;gap:.6rem;min-width:0}
.rt-area{border-radius:10px;padding:.55rem .6rem;background:#fbf9f4;border:2px solid color-mix(in srgb,var(--seat,#999) 45%,transparent);min-width:0}
.rt-area.rt-middle{background:var(--rt-felt);color:#f4f1e8;border:6px solid #6b4226;box-shadow:inset 0 0 0 2px var(--rt-felt-edge)}
.rt-area.rt-acting{box-shadow:0 0 0 3px var(--seat),0 4px 14px rgba(0,0,0,.15)}
.rt-seats{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:.6rem}
.rt-area-title{display:flex;align-items:center;gap:.4rem;font-size:1rem;margin-bottom:.35rem}
.rt-badge{margin-left:auto;font-size:.75rem;background:var(--seat,var(--rt-accent));color:#fff;border-radius:999px;padding:0 .5rem}
.rt-token{display:inline-grid;place-items:center;width:1.35rem;height:1.35rem;border-radius:50%;background:var(--seat);color:#fff;font-size:.75rem;font-weight:700;border:2px solid #fff;box-shadow:0 1px 2px rgba(0,0,0,.4)}
.rt-vars{display:flex;flex-wrap:wrap;gap:.25rem .4rem;margin-bottom:.4rem}
.rt-var{display:flex;gap:.3rem;background:rgba(0,0,0,.06);border-radius:6px;padding:.05rem .45rem;font-size:.9rem}
.rt-middle .rt-var{background:rgba(255,255,255,.14)}
.rt-var dt{color:inherit;opacity:.75}.rt-var dt::after{content:":"}.rt-var dd{margin:0;font-weight:600}
.rt-var-flag dd{font-weight:600;color:var(--rt-accent)}.rt-middle .rt-var-flag dd{color:#ffd8a8}
.rt-zones{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;align-items:flex-start}
.rt-zone{margin:.2rem 0;min-width:0;max-width:100%}
.rt-zone.rt-layout-board{flex-basis:100%}
.rt-zone-title{font-size:.8rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;opacity:.8;margin-bottom:.25rem}
.rt-count{text-transform:none;font-weight:400;letter-spacing:0}
.rt-cards{list-style:none;display:flex;flex-wrap:wrap;gap:.35rem;min-height:1rem}
.rt-card{position:relative;display:flex;flex-direction:column;width:6.6rem;min-height:3.4rem;background:var(--rt-card);color:var(--rt-ink);border-radius:7px;border:1px solid #cfc8b8;box-shadow:0 1px 3px rgba(0,0,0,.25);font-size:.8rem}
.rt-card.rt-small{width:auto;min-height:0}
.rt-card-face{all:unset;box-sizing:border-box;display:flex;flex-direction:column;gap:.15rem;padding:.35rem .4rem;flex:1;border-radius:7px;overflow-wrap:anywhere;font-weight:600}
button.rt-card-face{cursor:pointer}
.rt-card.rt-playable{border-color:var(--rt-accent);box-shadow:0 0 0 2px var(--rt-accent),0 3px 8px rgba(0,0,0,.3);transform:translateY(-2px)}
.rt-card.rt-picked{background:#ffe8a3;box-shadow:0 0 0 3px #b08900,0 3px 8px rgba(0,0,0,.3)}
.rt-card-face:focus-visible,.rt-table button:focus-visible,.rt-table input:focus-visible,.rt-table summary:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.rt-card-values{font-weight:400;color:var(--rt-muted);font-size:.75rem}
.rt-position{color:var(--rt-muted)}
.rt-cards .rt-back.rt-marked{display:flex;align-items:flex-end;padding:.2rem;width:4.6rem;margin-left:0}
.rt-mark{background:var(--rt-card);color:var(--rt-ink);border-radius:4px;padding:0 .25rem;font-size:.7rem}
.rt-card-text{font-size:.72rem;padding:0 .4rem .25rem;color:var(--rt-muted)}
.rt-card-text summary{cursor:pointer;list-style:none;width:max-content}
.rt-card-text[open]{position:absolute;z-index:5;top:100%;left:0;width:14rem;background:#fff;border:1px solid #cfc8b8;border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.25);padding:.4rem}
.rt-back{width:3.2rem;height:4.4rem;border-radius:7px;border:2px solid #fff;background:repeating-linear-gradient(45deg,#8b1e2d 0 6px,#a8323f 6px 12px);box-shadow:0 1px 3px rgba(0,0,0,.3);color:#fff;font-weight:700;display:grid;place-items:center}
.rt-layout-hand .rt-back,.rt-layout-pile .rt-back{margin-left:-1.6rem}
.rt-layout-hand .rt-back:first-of-type,.rt-layout-pile .rt-back:first-of-type{margin-left:0}
.rt-deck{width:4.4rem;height:4.4rem;border-radius:7px;border:2px solid #fff;background:repeating-linear-gradient(45deg,#8b1e2d 0 6px,#a8323f 6px 12px);color:#fff;font-weight:700;font-size:1.1rem;display:grid;place-items:center;text-shadow:0 1px 2px #000;box-shadow:0 1px 3px rgba(0,0,0,.3)}
.rt-deck.rt-deep{box-shadow:2px 2px 0 -1px #fff,3px 3px 0 -1px #8b1e2d,5px 5px 0 -2px #fff,6px 6px 0 -2px #8b1e2d,0 4px 8px rgba(0,0,0,.35)}
.rt-more{align-self:center;font-weight:600}
.rt-stack{align-items:flex-start}
.rt-empty{font-size:.8rem;opacity:.75;margin-top:.25rem}
.rt-board{list-style:none;display:grid;grid-template-columns:repeat(auto-fill,minmax(6.2rem,1fr));gap:3px;background:#0f3b24;padding:3px;border-radius:6px}
.rt-board.rt-ring{grid-template-columns:repeat(var(--side),minmax(0,1fr));background:#0f3b24}
@media (max-width:760px){.rt-board.rt-ring{display:flex;flex-direction:column}.rt-board.rt-ring .rt-space{min-height:0;padding-bottom:.25rem;padding-right:3rem}}
.rt-ring .rt-space{min-height:5rem;font-size:.66rem}
.rt-space{position:relative;background:#f6f1e1;color:var(--rt-ink);padding:.25rem .3rem 1.5rem;min-height:4.2rem;font-size:.72rem;display:flex;flex-direction:column;gap:.1rem;border-radius:3px}
.rt-space.rt-occupied{background:#fff6cc}
.rt-space-index{color:var(--rt-muted);font-size:.65rem}
.rt-space-name{font-weight:600;overflow-wrap:anywhere}
.rt-held{font-size:.65rem;border-left:3px solid var(--seat,#999);padding-left:.2rem}
.rt-tokens{position:absolute;bottom:.15rem;right:.2rem;display:flex;gap:2px}
.rt-side{display:flex;flex-direction:column;gap:.6rem;min-width:0}
.rt-decision,.rt-log,.rt-result{background:#fff;border-radius:10px;padding:.6rem;border:1px solid #ddd6c6}
.rt-decision h2,.rt-log h2,.rt-result h2{font-size:1rem;margin-bottom:.35rem}
.rt-options{display:flex;flex-direction:column;gap:.5rem}
.rt-option{display:flex;flex-direction:column;gap:.3rem;border:0;padding:0}
.rt-option-title{font-weight:600;font-size:.9rem}
.rt-choices{display:flex;flex-wrap:wrap;gap:.3rem;border:0;padding:0;margin:0}
/* A long list of choices (a big shop, a deck) scrolls in its box: the cards can be clicked on the table too. */
.rt-option-form .rt-choices{max-height:9.5rem;overflow:auto;align-content:flex-start}
.rt-choices legend{font-size:.85rem;margin-bottom:.2rem;padding:0}
.rt-table button.rt-move,.rt-table button.rt-choice{font:inherit;min-height:2.2rem;padding:.25rem .7rem;border-radius:8px;border:1px solid #b9b2a3;background:#f7f4ec;color:var(--rt-ink);cursor:pointer}
.rt-table button.rt-move{background:var(--rt-accent);border-color:var(--rt-accent);color:#fff;font-weight:600}
.rt-table button.rt-move:disabled{opacity:.5;cursor:not-allowed}
.rt-table button.rt-card-choice{background:var(--rt-card);border-color:#cfc8b8;box-shadow:0 1px 2px rgba(0,0,0,.2);font-weight:600}
.rt-table button[aria-pressed=true]{background:#ffe8a3;border-color:#b08900;box-shadow:inset 0 0 0 2px #b08900}
.rt-range{display:grid;grid-template-columns:1fr 4.5rem;gap:.3rem;align-items:center}
.rt-range label{grid-column:1/-1;font-size:.85rem}
.rt-range input[type=number]{font:inherit;padding:.2rem .3rem}
.rt-refusal:empty{display:none}
.rt-refusal{color:#fff;background:var(--rt-accent);border-radius:6px;padding:.25rem .45rem;font-size:.85rem}
.rt-waiting{color:var(--rt-muted)}
.rt-log ol{list-style:none;max-height:22rem;overflow:auto;display:flex;flex-direction:column;gap:.25rem;font-size:.85rem}
.rt-log li{border-left:3px solid var(--seat,#bbb);padding-left:.4rem}
.rt-log li p+p{color:var(--rt-muted)}
.rt-result table{border-collapse:collapse;width:100%;margin-top:.3rem}
.rt-result th,.rt-result td{text-align:left;padding:.15rem .3rem;border-bottom:1px solid #eee}
.rt-result .rt-winner th::after{content:" ★";color:#b08900}
.rt-result .rt-sheet{margin-top:.6rem}
.rt-result .rt-sheet caption{text-align:left;font-weight:700;font-size:.9rem}
.rt-result .rt-sheet th[scope=row]{font-weight:400}
.rt-result .rt-sheet td{text-align:right}
.rt-winners{font-weight:700}
.rt-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
/* A phone: the decision above the table (where the thumb is while reading it), the story after it. */
@media (max-width:760px){.rt-layout{grid-template-columns:1fr}.rt-table{padding:.4rem;font-size:14px}.rt-side{display:contents}.rt-decision,.rt-result{order:-1}.rt-log{order:2}}
`;

const MARK = "data-rules-table-styles";

/** Adds the table's styles to the document once. */
export function installStyles(document: Document): void {
  if (document.head.querySelector(`style[${MARK}]`)) return;
  const style = document.createElement("style");
  style.setAttribute(MARK, "");
  style.textContent = CSS;
  document.head.append(style);
}
