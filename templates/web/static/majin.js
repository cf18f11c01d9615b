// The 魔人 dungeon campaign at the table: the town (gacha, party, shop, revival, bank),
// the dungeon (draw, lay and walk the corridor cards, events, stairs), battles with the
// players' decisions asked one at a time, chests and the way up — every change made by
// the same rules as the command line, saved on the server with undo.
import { SavedGame, busy, call, element, words } from "./api.js";

const saved = new SavedGame("majin");
let state = null;  // {campaign, battle, seed}
let view = null;   // the campaign in words, the card names
let pending = null;  // the battle's open question

function button(text, attributes, action) {
  const made = element("button", { type: "button", ...attributes }, text);
  made.addEventListener("click", action);
  return made;
}

function group(title, ...children) {
  const box = element("fieldset", {});
  box.append(element("legend", {}, title), ...children);
  return box;
}

function select(id, choices, empty = true) {
  const made = element("select", { id });
  if (empty) made.append(element("option", { value: "" }, "—"));
  for (const [value, text] of choices) made.append(element("option", { value }, text));
  return made;
}

function named(card) {
  return view && view.cards[card] ? `${card} ${view.cards[card]}` : card;
}

// The dice of the next command: typed at the table (used once), else the seed, else none.
function dice() {
  const typed = document.getElementById("dice");
  const seed = document.getElementById("seed").value;
  if (typed.value.trim()) {
    const value = typed.value.trim();
    typed.value = "";
    return { dice: value };
  }
  return seed === "" ? {} : { seed: Number(seed) };
}


async function command(name, args = {}) {
  await busy(async () => {
    const answer = await call("POST", "/api/majin/campaign",
                              { state, command: name, args, ...dice() });
    if (name === "new") await saved.start(answer.state);
    else await saved.save(answer.state);
    state = answer.state;
    pending = null;
    await refresh();
  });
}

// --- what to do now ---------------------------------------------------------------------

function status() {
  const c = state.campaign;
  const trip = c.dungeon;
  if (state.battle) {
    return pending ? words.mj_todo_decide
      : state.battle.phase === "over" ? words.mj_todo_settle : words.mj_todo_fight_on;
  }
  if (!trip) return c.party.front.some(Boolean) ? words.mj_todo_town : words.mj_todo_party;
  if (trip.chest) return words.mj_todo_chest;
  if (trip.due) return words.mj_todo_battle;
  if (trip.drawn) return words.mj_todo_place;
  return words.mj_todo_walk;
}

function townActions() {
  const c = state.campaign;
  const gacha = ["100", "500", "1000"].map((tier) =>
    button(`${words.mj_gacha} ${tier}${words.mj_yen}`, { "data-gacha": tier },
           () => command("gacha", { tier: Number(tier) })));
  const owned = [...c.stock, ...c.party.front, ...c.party.back].filter(Boolean);
  const slots = ["front", "back"].flatMap((row) => [0, 1, 2].map((n) => {
    const chosen = select(`${row}-${n + 1}`, owned.map((card) => [card, named(card)]));
    chosen.value = c.party[row][n] || "";
    chosen.setAttribute("aria-label", `${words[row]} ${n + 1}`);
    return chosen;
  }));
  const party = button(words.mj_party, { id: "party" }, () => {
    const row = (name) => [1, 2, 3].map((n) => document.getElementById(`${name}-${n}`).value || null);
    command("party", { front: row("front"), back: row("back") });
  });
  const floor = select("floor", [1, ...c.elevator].map((f) => [f, `B${f}F`]), false);
  const enter = button(words.mj_enter, { id: "enter" },
                       () => command("enter", { floor: Number(floor.value) }));
  const boxes = [group(words.mj_gacha_title, ...gacha),
                 group(words.mj_party_title, element("span", {}, words.front), ...slots.slice(0, 3),
                       element("span", {}, words.back), ...slots.slice(3), party),
                 group(words.mj_dungeon, floor, enter)];
  if (c.pack.length) {
    boxes.push(group(words.mj_pack, ...c.pack.map((item) =>
      button(`${words.mj_sell} ${named(item)}`, { "data-sell": item },
             () => command("sell", { item })))));
  }
  if (c.graveyard.length) {
    boxes.push(group(words.mj_graveyard, ...c.graveyard.map((card) =>
      button(`${words.mj_revive} ${named(card)}`, { "data-revive": card },
             () => command("revive", { card })))));
  }
  return boxes;
}

function dungeonActions() {
  const trip = state.campaign.dungeon;
  const boxes = [];
  const sides = ["N", "E", "S", "W"];
  if (trip.chest) {
    const holders = Object.entries(trip.items);
    const drop = select("drop", holders.map(([holder, item]) => [item, `${named(holder)}: ${named(item)}`]));
    boxes.push(group(words.mj_chest,
      button(words.mj_open_chest, { id: "open-chest" },
             () => command("chest", drop.value ? { drop: drop.value } : {})),
      element("label", {}, words.mj_drop), drop,
      button(words.mj_skip_chest, { id: "skip-chest" }, () => command("chest", { skip: true }))));
    return boxes;
  }
  if (trip.due) {
    const charge = select("charge", [["always", words.always], ["never", words.never]], false);
    boxes.push(group(words.mj_battle_due, element("label", {}, words.charge), charge,
      button(words.fight, { id: "fight" }, () => command("fight", { charge: charge.value }))));
    return boxes;
  }
  if (trip.drawn) {
    const rotate = select("rotate", ["0", "90", "180", "270"].map((r) => [r, `${r}°`]));
    boxes.push(group(`${words.mj_place} ${trip.drawn}`, ...sides.map((side) =>
      button(`${words[`side_${side}`]}`, { "data-place": side },
             () => command("place", rotate.value ? { side, rotate: Number(rotate.value) } : { side }))),
      element("label", {}, words.mj_rotate), rotate));
  } else {
    boxes.push(group(words.mj_walk, button(words.mj_draw, { id: "draw" }, () => command("draw")),
      ...sides.map((side) => button(`${words.mj_move} ${words[`side_${side}`]}`,
                                    { "data-move": side }, () => command("move", { steps: [side] }))),
      button(words.mj_stay, { id: "stay" }, () => command("stay")),
      button(words.mj_descend, { id: "descend" }, () => command("descend")),
      button(words.mj_up, { id: "up" }, () => command("up"))));
  }
  boxes.push(eventForm());
  return boxes;
}

// An event's effect, as the table rules it (the card's text says which).
function eventForm() {
  const field = (id, label) => {
    const input = element("input", { id, type: "number", placeholder: "±0" });
    return [element("label", { for: id }, label), input];
  };
  const item = element("input", { id: "event-item", placeholder: "I11", size: 5 });
  const reset = element("input", { id: "event-reset", type: "checkbox" });
  const note = element("input", { id: "event-note", placeholder: words.mj_event_note });
  const apply = button(words.mj_apply, { id: "apply-event" }, () => {
    const value = (id) => document.getElementById(id).value;
    const args = { note: note.value || words.mj_event };
    for (const [id, key] of [["event-money", "money"], ["event-lp", "lp"],
                             ["event-encounter", "encounter"], ["event-chest", "chest"]]) {
      if (value(id) !== "") args[key] = Number(value(id));
    }
    if (document.getElementById("event-reset").checked) args.reset_encounter = true;
    if (item.value.trim()) args.item = item.value.trim().toUpperCase();
    command("adjust", args);
  });
  return group(words.mj_event, ...field("event-money", words.mj_money),
               ...field("event-lp", "LP"), ...field("event-encounter", words.mj_encounter),
               element("label", {}, words.mj_reset), reset,
               ...field("event-chest", words.mj_chest_levels),
               element("label", { for: "event-item" }, words.mj_item), item, note, apply);
}

// --- the battle -------------------------------------------------------------------------

async function fightOn(path, order) {
  await busy(async () => {
    const request = { state };
    if (path) Object.assign(request, { path, order });
    else if (state.seed === null && document.getElementById("seed").value !== "") {
      request.state = { ...state, seed: Number(document.getElementById("seed").value) };
    }
    const answer = await call("POST", "/api/majin/campaign/battle", request);
    state = answer.state;
    await saved.save(state);
    pending = answer.question;
    showTurn(answer.log);
    await refresh();
  });
}

function showTurn(log) {
  document.getElementById("turn-log").replaceChildren(...log.map((event) =>
    element("li", { "data-event": event.type }, describe(event))));
}

function describe(event) {
  const lp = event.party_lp !== undefined ? ` [${event.party_lp} / ${event.monster_lp}]` : "";
  const who = (card) => named(card);
  switch (event.type) {
    case "attack":
      return `${who(event.actor)} → ${who(event.target)}: ${event.atk} ${words.mj_vs} ${event.def}` +
        (event.killed ? ` ✝` : event.damage ? ` −${event.damage}` : ` ${words.mj_no_damage}`) + lp;
    case "charge":
      return `${who(event.actor)} ${words.mj_charges} (${event.roll})` +
        (event.killed ? " ✝" : event.damage ? ` −${event.damage}` : "") + lp;
    case "ability":
      return `${who(event.actor)}: ${event.item ? named(event.item)
        : words[`mj_effect_${event.effect}`] || event.effect}` +
        (event.success ? "" : ` ✘`) + (event.targets.length ? ` → ${event.targets.map(who).join(", ")}` : "") + lp;
    case "escape":
      return `${who(event.card)} ${words.mj_escape} ${event.roll ?? ""} ${event.success ? "✔" : "✘"}`;
    case "end":
      return `${words[`mj_result_${event.result}`]}${lp}`;
    default:
      return `${words[`mj_event_${event.type}`] || event.type}${event.actor ? ` ${who(event.actor)}` : ""}`;
  }
}

function battleView() {
  const section = document.getElementById("battle");
  section.hidden = !state.battle;
  if (!state.battle) return;
  const options = document.getElementById("options");
  document.getElementById("question-context").textContent = pending ? pending.context.join(" ") : "";
  document.getElementById("question").textContent = pending ? pending.title : "";
  if (pending) {
    options.replaceChildren(...pending.options.map((option, index) => {
      const made = button(option.blocked ? `${option.words} — ${option.blocked}` : option.words,
                          { "data-option": index }, () => fightOn(pending.path, option.order));
      made.disabled = option.blocked !== null;
      return made;
    }));
  } else if (state.battle.phase === "over") {
    options.replaceChildren(button(words.mj_settle, { id: "settle" }, () => command("settle")));
  } else {
    const start = state.battle.phase === "start";
    const members = [...state.battle.front, ...state.battle.back].filter(Boolean);
    options.replaceChildren(button(start ? words.mj_start_battle : words.mj_next_turn,
                                   { id: "next-turn" }, () => fightOn()),
      ...(start ? members.map((card) => button(`${words.mj_escape_with} ${named(card)}`,
        { "data-escape": card }, () => escape(card))) : []));
  }
}

async function escape(card) {
  await busy(async () => {
    const answer = await call("POST", "/api/majin/campaign/escape", { state, card, ...dice() });
    state = answer.state;
    await saved.save(state);
    showTurn(answer.log);
    await refresh();
  });
}

// --- the page ---------------------------------------------------------------------------

async function refresh() {
  view = await call("POST", "/api/majin/campaign/view", { state });
  document.getElementById("view").textContent = view.lines.join("\n");
  document.getElementById("status").textContent = status();
  const actions = document.getElementById("actions");
  actions.replaceChildren(...(state.battle ? [] : state.campaign.dungeon ? dungeonActions()
                                                                         : townActions()));
  battleView();
  document.getElementById("log").replaceChildren(...state.campaign.log.slice().reverse()
    .map((entry) => element("li", {}, entry.summary)));
}

document.getElementById("new").addEventListener("click", () => command("new"));
document.getElementById("undo").addEventListener("click", () => busy(async () => {
  const back = await saved.undo();
  if (back) {
    state = back;
    pending = null;
    await refresh();
  }
}));
state = await saved.load();
if (state) await refresh();
else await command("new");
document.body.dataset.ready = "yes";
