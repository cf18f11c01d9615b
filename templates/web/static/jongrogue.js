// JongRogue, the map chapter: a floor dealt from a seed, the rooms face down until opened,
// the hero's legal moves as buttons, and what each move turned up.
import { SavedGame, call, element, words } from "./api.js";

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
      .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(" ") : v}`).join(", ");
    list.prepend(element("li", { "data-event": kind }, `${kind}: ${detail}`));
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
        room.encounter.map((s) => `${s.tile}${s.sprung ? "✓" : ""}`).join(" ")));
      if (room.stairs) box.append(element("div", {}, "▤"));
    } else {
      box.append(element("div", { class: "hint" }, "▦ ▦"));  // face down
    }
    if (here) box.append(element("div", { class: "hero" }, `◆ ${view.at}`));
    return box;
  }));
}

async function refresh() {
  const view = await call("POST", "/api/jongrogue/view", { state });
  document.getElementById("where").textContent =
    `B${view.floor} · ${view.at ?? "—"}${view.blocked ? ` · ${view.blocked}` : ""}`;
  drawRooms(view);
  const moves = document.getElementById("moves");
  moves.replaceChildren(...view.moves.map((move) => {
    const button = element("button", { type: "button", "data-to": move.to },
                           `${move.to} (${move.kind})`);
    button.addEventListener("click", () => act("/api/jongrogue/move", { target: move.to }));
    return button;
  }));
  if (view.blocked === "between floors") {  // after the stairs or a pit, the deal included
    const next = element("button", { type: "button", id: "next-floor" }, words.next_floor);
    next.addEventListener("click", () => act("/api/jongrogue/floor",
      { seed: Number(document.getElementById("seed").value) }));
    moves.append(next);
  }
  document.getElementById("search").hidden = !view.search;
  const slots = [...view.spring.map((slot) => ["spring", slot]), ...view.take.map((slot) => ["take", slot])];
  document.getElementById("slots").replaceChildren(...slots.map(([act, slot]) => {
    const button = element("button", { type: "button", "data-act": act, "data-slot": slot },
                           `${words[act]} ${slot}`);
    button.addEventListener("click", () => actOnSlot(act, slot));
    return button;
  }));
  document.body.dataset.ready = "yes";
}

function actOnSlot(kind, slot) {
  return act("/api/jongrogue/slot", { act: kind, slot });
}

async function act(url, extra) {
  const answer = await call("POST", url, { state, ...extra });
  await remember(answer.state);
  log(answer.events);
  await refresh();
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
