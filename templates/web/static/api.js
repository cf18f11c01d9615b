// The JSON API of companion serve, and the page's words and error line.
export const words = JSON.parse(document.getElementById("words").textContent);
const lang = document.body.dataset.lang;

// Requests on their way: the body says so (data-busy), for a spinner and for tests.
let pending = 0;

function track(delta) {
  pending += delta;
  if (pending) document.body.dataset.busy = "yes";
  else delete document.body.dataset.busy;
}

export async function call(method, url, data, options = {}) {
  track(1);
  try {
    return await request(method, url, data, options);
  } finally {
    track(-1);
  }
}

async function request(method, url, data, { quiet = false } = {}) {
  for (;;) {
    let response;
    try {
      response = await fetch(url, {
        method,
        headers: { "Content-Type": "application/json", "Accept-Language": lang },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
    } catch (error) {  // offline, or the server stopped: try again when the table says
      await retryWhenAsked(words.offline);
      continue;
    }
    if (response.status >= 500) {
      await retryWhenAsked(`${words.server_error} (${response.status})`);
      continue;
    }
    const answer = await response.json();
    if (!response.ok) {
      if (!quiet) showError(answer.error || response.statusText);
      const error = new Error(answer.error);
      error.status = response.status;
      throw error;
    }
    hideError();
    return answer;
  }
}

// The error line with a retry button: resolves when it is tapped, rejects when closed.
function retryWhenAsked(message) {
  return new Promise((resolve, reject) => {
    showError(message, () => { hideError(); resolve(); });
    closing = () => reject(new Error(message));
  });
}

let closing = null;

export function showError(message, retry = null) {
  const line = document.getElementById("error");
  const text = element("span", {}, `${words.error}: ${message}`);
  const close = element("button", { type: "button", class: "close", "aria-label": words.close }, "×");
  close.addEventListener("click", () => {
    hideError();
    if (closing) closing();
    closing = null;
  });
  line.replaceChildren(text);
  if (retry) {
    const again = element("button", { type: "button", id: "retry" }, words.retry);
    again.addEventListener("click", retry);
    line.append(again);
  }
  line.append(close);
  line.hidden = false;
  document.body.style.paddingBottom = `${line.offsetHeight + 8}px`;  // covers no button
}

export function hideError() {
  document.getElementById("error").hidden = true;
  document.body.style.paddingBottom = "";
}

export function element(tag, attributes = {}, text = "") {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  if (text) made.textContent = text;
  return made;
}

// A game at the table saved on the server (under --data) with its history: it survives a
// closed tab or a restarted server, and undo steps back through it.
export class SavedGame {
  constructor(game) {
    this.game = game;
    this.key = `${game}-game`;
    this.id = localStorage.getItem(this.key);
  }

  async load() {
    if (!this.id) return null;
    try {
      this.last = await call("GET", `/api/games/${this.id}`, undefined, { quiet: true });
      return this.last.state;
    } catch (error) {
      this.forget();
      return null;
    }
  }

  // Saves ``state`` as the next one (with ``deck``, a Dark Hall game's monster deck, if
  // it changed); a refused state throws (and is not saved).
  // Saves run one after the other, each on the state the last one left: a quick tap is
  // never built on a stale copy. A change another device made meanwhile is refused by
  // the server (409); the page then shows the game as it is now.
  save(state, deck) {
    const run = () => this.saveNow(state, deck);
    this.queue = (this.queue || Promise.resolve()).then(run, run);
    return this.queue;
  }

  async saveNow(state, deck) {
    const body = deck ? { state, deck } : { state };
    if (this.id) {
      try {
        if (this.last) body.base = this.last.steps;
        this.last = await call("PUT", `/api/games/${this.id}`, body);
        return;
      } catch (error) {
        if (error.status === 409) setTimeout(() => location.reload(), 1500);
        if (error.status !== 404) throw error;
        this.forget();
      }
    }
    const made = await call("POST", "/api/games", { game: this.game, ...body });
    this.last = made;
    this.id = made.id;
    localStorage.setItem(this.key, this.id);
  }

  async start(state) {
    this.forget();
    await this.save(state);
  }

  async undo() {
    if (!this.id) return null;
    this.last = await call("POST", `/api/games/${this.id}/undo`);
    return this.last.state;
  }

  // The deck saved with the state now (a Dark Hall game's monster deck), or null.
  get deck() {
    return this.last ? this.last.deck : null;
  }

  forget() {
    this.id = null;
    localStorage.removeItem(this.key);
  }
}

// An exact probability written "p/q" (or "1", "0") as a percentage for people; the
// fraction stays available on request (a title, a tap).
export function percent(fraction) {
  if (fraction === null || fraction === undefined) return "—";
  const [top, bottom = 1] = String(fraction).split("/").map(Number);
  const value = (100 * top) / bottom;
  return `${value >= 99.95 || value === 0 ? value.toFixed(0) : value.toFixed(1)}%`;
}

// A board that fits the screen (seen whole), with a button that zooms it to squares of
// 44 px and more (scrolled sideways) and back.
export function zoomable(container) {
  container.classList.add("fit");  // on a laptop the board fits without a sideways scroll
  const narrow = window.matchMedia("(max-width: 830px)").matches;
  if (!narrow) return;  // and its squares are 44 px or more already
  const toggle = element("button", { type: "button", class: "zoom", "aria-pressed": "false" },
                         words.zoom);
  toggle.addEventListener("click", () => {
    const fitted = container.classList.toggle("fit");
    toggle.setAttribute("aria-pressed", String(!fitted));
    toggle.textContent = fitted ? words.zoom : words.fit;
  });
  container.before(toggle);
}

// Busy (body[data-ready=no]) until ``work`` — a function, or a promise — is done and the
// page shows its answer; ready again whatever happens. Turn buttons wait meanwhile.
export async function busy(work) {
  document.body.dataset.ready = "no";
  try {
    return await (typeof work === "function" ? work() : work);
  } finally {
    document.body.dataset.ready = "yes";
  }
}
