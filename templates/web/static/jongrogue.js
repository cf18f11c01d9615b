// JongRogue, the map chapter: a floor dealt from a seed, the rooms face down until opened,
// the hero's legal moves as buttons, and what each move turned up; a status line says
// what the hero may do now, and the hero's panel holds what the character rules change
// (asleep, held, floating, rings, the plate), so no condition leaves the page stuck.
import { SavedGame, busy, call, element, words } from "./api.js";

const saved = new SavedGame("jongrogue");
let state = await saved.load();

async function remember(next, fresh = false) {
  if (fresh) await saved.start(next);
  else await saved.save(next);
  state = next;
}

function log(events) {
  const list = document.getElementById("events");
  for (const event of events) {
    const { event: kind, ...rest } = event;
    const detail = Object.entries(rest).filter(([, v]) => v !== false && v !== null)
      .map(([k, v]) => `${words[`jr_key_${k}`] || k} ${Array.isArray(v) ? v.join(" ") : v}`)
      .join(", ");
    const name = words[`jr_event_${kind}`] || kind;
    list.prepend(element("li", { "data-event": kind }, detail ? `${name}: ${detail}` : name));
  }
}

function drawRooms(view) {
  const grid = document.getElementById("rooms");
  grid.replaceChildren(...(view.rooms || []).map((room) => {
    const here = String(view.at || "").startsWith(String(room.room));
    const box = element("div", { class: `room${room.open ? " open" : ""}${here ? " here" : ""}`,
                                 "data-room": room.room });
    box.append(element("strong", {}, `${room.room} ${room.name}`));
    if (room.open) {
      box.append(element("div", {}, room.tiles.join(" ")));
      box.append(element("div", { class: "slots" },
        room.encounter.map((s) => (s ? `${s.tile}${s.sprung ? "✓" : ""}` : "·")).join(" ")));
      if (room.stairs) box.append(element("div", {}, "▤"));
    } else {
      box.append(element("div", { class: "hint" }, "▦ ▦"));  // face down
    }
    if (here) box.append(element("div", { class: "hero" }, `◆ ${view.at}`));
    return box;
  }));
}

const CONDITIONS = ["asleep", "held", "floating", "armour_ring", "armour_protected"];

// What the hero may do now, in words.
function status(view) {
  const hero = view.state.hero;
  const where = `B${view.floor} · ${view.at ?? "—"} · ${view.plate === "S" ? "南" : "東"}`;
  const todo = { escaped: words.jr_escaped, "between floors": words.jr_between,
                 asleep: words.jr_todo_asleep, held: words.jr_todo_held }[view.blocked]
    || (view.house ? words.jr_house : words.jr_move);
  const amulet = hero.amulet ? ` · ${words.jr_amulet}` : "";
  return `${where}${amulet} — ${todo}`;
}

function button(text, attributes, action) {
  const made = element("button", { type: "button", ...attributes }, text);
  made.addEventListener("click", action);
  return made;
}

function drawHero(view) {
  const hero = view.state.hero;
  const panel = document.getElementById("hero");
  const toggles = CONDITIONS.map((key) => button(`${words[`jr_${key}`]}${hero[key] ? " ✔" : ""}`,
    { id: `hero-${key}`, "aria-pressed": String(Boolean(hero[key])),
      class: hero[key] ? "active" : "" },
    () => act("/api/jongrogue/hero", { changes: { [key]: !hero[key] } })));
  const rings = button(`${words.jr_rings}: ${hero.search_rings}`, { id: "hero-rings" },
    () => act("/api/jongrogue/hero", { changes: { search_rings: (hero.search_rings + 1) % 3 } }));
  panel.replaceChildren(...toggles, rings);
  if (hero.amulet && view.plate !== "S" && !view.state.over) {
    panel.append(button(words.jr_plate, { id: "plate" }, () => act("/api/jongrogue/plate", {})));
  }
}

function monsterSlots(view) {
  if (!view.rooms || String(view.at).match(/[NESW]$/)) return [];  // on a door: not in a room
  const room = view.rooms.find((r) => String(r.room) === String(view.at));
  return room ? room.encounter.filter((s) => s && s.kind === "monster").map((s) => s.slot) : [];
}

async function refresh() {
  const view = await call("POST", "/api/jongrogue/view", { state });
  document.getElementById("where").textContent = status(view);
  drawRooms(view);
  drawHero(view);
  const moves = document.getElementById("moves");
  moves.replaceChildren(...view.moves.map((move) => {
    const kind = words[`jr_move_${move.kind}`] || move.kind;
    return button(`${move.to} (${kind})`, { "data-to": move.to },
                  () => act("/api/jongrogue/move", { target: move.to }));
  }));
  if (view.blocked === "between floors") {  // after the stairs or a pit, the deal included
    moves.append(button(words.next_floor, { id: "next-floor" }, () => act("/api/jongrogue/floor",
      { seed: Number(document.getElementById("seed").value) })));
  }
  document.getElementById("search").hidden = !view.search;
  if (view.house && !view.blocked) {
    moves.append(button(words.jr_stairs_search, { id: "stairs-search" },
                        () => act("/api/jongrogue/stairs-search", {})));
  }
  const slots = [...view.spring.map((slot) => ["spring", slot]),
                 ...view.take.map((slot) => ["take", slot]),
                 ...monsterSlots(view).map((slot) => ["remove", slot])];
  document.getElementById("slots").replaceChildren(...slots.map(([kind, slot]) =>
    button(`${words[kind === "remove" ? "jr_remove" : kind]} ${slot}`,
           { "data-act": kind, "data-slot": slot },
           () => actOnSlot(kind, slot))));
  document.body.dataset.ready = "yes";
}

function actOnSlot(kind, slot) {
  return act("/api/jongrogue/slot", { act: kind, slot });
}

function act(url, extra) {
  return busy(async () => {  // until the page shows the answer
    const answer = await call("POST", url, { state, ...extra });
    await remember(answer.state);
    log(answer.events);
    await refresh();
  });
}

document.getElementById("new").addEventListener("click", async () => {
  document.getElementById("events").replaceChildren();
  const answer = await call("POST", "/api/jongrogue/floor",
                            { seed: Number(document.getElementById("seed").value) });
  await remember(answer.state, true);
  log(answer.events);
  await refresh();
});
document.getElementById("search").addEventListener("click",
  () => act("/api/jongrogue/search", {}));
document.getElementById("undo").addEventListener("click", async () => {
  const back = await saved.undo();
  if (back) {
    state = back;
    await refresh();
  }
});
if (!state) {
  const answer = await call("POST", "/api/jongrogue/floor", { seed: 7 });
  await remember(answer.state, true);
  log(answer.events);
}
await refresh();
